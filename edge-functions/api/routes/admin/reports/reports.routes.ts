// The financial report under /api/admin (behind requireAdmin, app.ts).
import { Hono } from "hono";
import { reportRequestSchema } from "../../../../_shared/admin/index.ts";
import { jsonBody } from "../../../lib/json-body.ts";
import type { SignedInEnv } from "../../../lib/require-user.ts";
import * as handlers from "./reports.handlers.ts";

export const reportsRoutes = new Hono<SignedInEnv>().post("/generate-report", jsonBody(reportRequestSchema), handlers.generate);
