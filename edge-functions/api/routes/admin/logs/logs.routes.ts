// The security tab's logs under /api/admin (behind requireAdmin, app.ts): the audit log and the activity log.
import { Hono } from "hono";
import { logQuerySchema } from "../../../../_shared/admin/index.ts";
import { queryParams } from "../../../lib/query-params.ts";
import type { SignedInEnv } from "../../../lib/require-user.ts";
import * as handlers from "./logs.handlers.ts";

export const logsRoutes = new Hono<SignedInEnv>()
  .get("/audit-log", queryParams(logQuerySchema), handlers.audit)
  .get("/activity", queryParams(logQuerySchema), handlers.activity);
