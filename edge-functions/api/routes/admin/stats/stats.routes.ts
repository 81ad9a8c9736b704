// The platform's figures: the overview's (a timeframe's window against the previous one, with the charts), the lifetime
// totals and the monthly cost behind the profit margin, under /api/admin; and the analytics page's, under
// /api/temp-admin-stats, by the same SQL. Both are mounted behind requireAdmin (app.ts).
import { Hono } from "hono";
import {
  monthlyCostRequestSchema,
  platformStatsQuerySchema,
  tempAdminStatsQuerySchema,
} from "../../../../_shared/admin/index.ts";
import { jsonBody } from "../../../lib/json-body.ts";
import { queryParams } from "../../../lib/query-params.ts";
import type { SignedInEnv } from "../../../lib/require-user.ts";
import * as handlers from "./stats.handlers.ts";

/** Under /api/admin. */
export const statsRoutes = new Hono<SignedInEnv>()
  .get("/platform-stats", queryParams(platformStatsQuerySchema), handlers.platform)
  .get("/lifetime-stats", handlers.lifetime)
  .put("/settings/monthly-cost", jsonBody(monthlyCostRequestSchema), handlers.monthlyCost);

/** Under /api/temp-admin-stats. */
export const tempAdminStatsRoutes = new Hono<SignedInEnv>().get("/", queryParams(tempAdminStatsQuerySchema), handlers.tempAdmin);
