// CRM affiliate ads under /api/affiliate/admin (behind requireAdmin, app.ts).
import { Hono } from "hono";
import { affiliateSettingInputSchema } from "../../../../../_shared/marketing/index.ts";
import { jsonBody } from "../../../../lib/json-body.ts";
import type { SignedInEnv } from "../../../../lib/require-user.ts";
import * as handlers from "./affiliates.handlers.ts";

export const affiliatesRoutes = new Hono<SignedInEnv>()
  .get("/settings", handlers.list)
  .post("/settings", jsonBody(affiliateSettingInputSchema), handlers.save)
  .post("/init-zoho", handlers.initZoho);
