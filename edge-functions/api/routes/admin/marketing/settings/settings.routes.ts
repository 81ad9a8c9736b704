// Marketing's switches under /api/marketing (behind requireAdmin, app.ts).
import { Hono } from "hono";
import { marketingSettingsSchema } from "../../../../../_shared/marketing/index.ts";
import { jsonBody } from "../../../../lib/json-body.ts";
import type { SignedInEnv } from "../../../../lib/require-user.ts";
import * as handlers from "./settings.handlers.ts";

export const settingsRoutes = new Hono<SignedInEnv>()
  .get("/settings", handlers.read)
  .put("/settings", jsonBody(marketingSettingsSchema), handlers.save);
