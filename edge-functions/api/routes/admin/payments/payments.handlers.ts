import type { Context } from "hono";
import { listPayments, type paymentsQuerySchema } from "../../../../_shared/admin/index.ts";
import {
  refundPaymentByAdmin,
  rejectPayment,
  type rejectPaymentRequestSchema,
  verifyPayment,
} from "../../../../_shared/billing/index.ts";
import type { JsonInput } from "../../../lib/json-body.ts";
import { pathUuid } from "../../../lib/path-id.ts";
import type { QueryInput } from "../../../lib/query-params.ts";
import type { SignedInEnv } from "../../../lib/require-user.ts";

export async function list(c: Context<SignedInEnv, string, QueryInput<typeof paymentsQuerySchema>>) {
  return c.json(await listPayments(c.var.signedIn.claims, c.req.valid("query")), 200);
}

/** Grants the credits and mails the payer a receipt. */
export async function verify(c: Context<SignedInEnv>) {
  return c.json(await verifyPayment(c.var.signedIn.claims, pathUuid(c.req.param("id"), "payment_not_found")), 200);
}

export async function reject(c: Context<SignedInEnv, string, JsonInput<typeof rejectPaymentRequestSchema>>) {
  const id = pathUuid(c.req.param("id"), "payment_not_found");
  return c.json(await rejectPayment(c.var.signedIn.claims, id, c.req.valid("json").reason), 200);
}

export async function refund(c: Context<SignedInEnv>) {
  const id = pathUuid(c.req.param("id"), "payment_not_found");
  return c.json(await refundPaymentByAdmin(c.var.signedIn.claims, id), 200);
}
