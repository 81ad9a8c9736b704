// The finances tab under /api/admin (behind requireAdmin, app.ts): payments, newest first, a page at a time, and the
// actions on one: verifying or rejecting a manual payment, refunding a paid one.
import { Hono } from "hono";
import { paymentsQuerySchema } from "../../../../_shared/admin/index.ts";
import { rejectPaymentRequestSchema } from "../../../../_shared/billing/index.ts";
import { jsonBody } from "../../../lib/json-body.ts";
import { queryParams } from "../../../lib/query-params.ts";
import type { SignedInEnv } from "../../../lib/require-user.ts";
import * as handlers from "./payments.handlers.ts";

export const paymentsRoutes = new Hono<SignedInEnv>()
  .get("/payments", queryParams(paymentsQuerySchema), handlers.list)
  .post("/payments/:id/verify", handlers.verify)
  .post("/payments/:id/reject", jsonBody(rejectPaymentRequestSchema), handlers.reject)
  .post("/payments/:id/refund", handlers.refund);
