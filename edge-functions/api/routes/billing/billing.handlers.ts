// Billing over HTTP: each handler takes validated input, calls the billing feature, and answers.
import type { Context } from "hono";
import {
  cancelSubscription as cancel,
  capturePaypalOrder,
  catalogueAnswer,
  type checkoutRequestSchema,
  currentSubscription,
  handlePaypalWebhook,
  handleStripeWebhook,
  listMyPayments,
  manualInstructions as instructions,
  type manualInstructionsQuerySchema,
  type manualPaymentRequestSchema,
  type paymentsQuerySchema,
  type paypalCaptureRequestSchema,
  requestMyRefund,
  type refundRequestSchema,
  startCheckout,
  submitManual,
} from "../../../_shared/billing/index.ts";
import { DomainError } from "../../../_shared/errors.ts";
import type { JsonInput } from "../../lib/json-body.ts";
import { pathUuid } from "../../lib/path-id.ts";
import type { QueryInput } from "../../lib/query-params.ts";
import type { SignedInEnv } from "../../lib/require-user.ts";

export async function catalogue(c: Context) {
  return c.json(await catalogueAnswer(), 200);
}

export async function checkout(c: Context<SignedInEnv, string, JsonInput<typeof checkoutRequestSchema>>) {
  return c.json(await startCheckout(c.var.signedIn, c.req.valid("json")), 201);
}

export async function paypalCapture(c: Context<SignedInEnv, string, JsonInput<typeof paypalCaptureRequestSchema>>) {
  return c.json(await capturePaypalOrder(c.var.signedIn, c.req.valid("json").orderId), 200);
}

export async function manualInstructions(
  c: Context<SignedInEnv, string, QueryInput<typeof manualInstructionsQuerySchema>>,
) {
  return c.json(await instructions(c.req.valid("query").provider), 200);
}

export async function manualPayment(c: Context<SignedInEnv, string, JsonInput<typeof manualPaymentRequestSchema>>) {
  return c.json(await submitManual(c.var.signedIn, c.req.valid("json")), 201);
}

export async function payments(c: Context<SignedInEnv, string, QueryInput<typeof paymentsQuerySchema>>) {
  const { page, pageSize } = c.req.valid("query");
  return c.json(await listMyPayments(c.var.signedIn, page, pageSize), 200);
}

export async function refundRequest(c: Context<SignedInEnv, string, JsonInput<typeof refundRequestSchema>>) {
  const id = pathUuid(c.req.param("id"), "payment_not_found");
  return c.json(await requestMyRefund(c.var.signedIn, id, c.req.valid("json").reason), 200);
}

export async function subscription(c: Context<SignedInEnv>) {
  return c.json(await currentSubscription(c.var.signedIn), 200);
}

export async function cancelSubscription(c: Context<SignedInEnv>) {
  return c.json(await cancel(c.var.signedIn), 200);
}

/** The body is read raw: Stripe signs the exact bytes it sent. */
export async function stripeWebhook(c: Context) {
  const outcome = await handleStripeWebhook(await c.req.text(), c.req.header("stripe-signature"));
  return c.json({ received: true, ...outcome }, 200);
}

export async function paypalWebhook(c: Context) {
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    throw new DomainError("webhook_invalid");
  }
  return c.json({ received: true, ...await handlePaypalWebhook(body) }, 200);
}
