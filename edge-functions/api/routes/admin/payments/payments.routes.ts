// The finances tab under /api/admin (behind requireAdmin, app.ts): payments, newest first, a page at a time.
import { Hono } from "hono";
import { paymentsQuerySchema } from "../../../../_shared/admin/index.ts";
import { queryParams } from "../../../lib/query-params.ts";
import type { SignedInEnv } from "../../../lib/require-user.ts";
import * as handlers from "./payments.handlers.ts";

export const paymentsRoutes = new Hono<SignedInEnv>().get("/payments", queryParams(paymentsQuerySchema), handlers.list);
