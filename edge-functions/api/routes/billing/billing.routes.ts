// /api/billing: the catalogue (anyone), checkouts, PayPal's capture, manual payments, the buyer's payments and
// subscription (signed in), and the providers' webhooks (anyone: Stripe's are proven by their signature, PayPal's by
// asking PayPal).
import { Hono } from "hono";
import {
  checkoutRequestSchema,
  manualInstructionsQuerySchema,
  manualPaymentRequestSchema,
  paymentsQuerySchema,
  paypalCaptureRequestSchema,
  refundRequestSchema,
} from "../../../_shared/billing/index.ts";
import { jsonBody } from "../../lib/json-body.ts";
import { queryParams } from "../../lib/query-params.ts";
import { requireUser } from "../../lib/require-user.ts";
import * as handlers from "./billing.handlers.ts";

export const billingRoutes = new Hono()
  .get("/billing/catalogue", handlers.catalogue)
  .post("/billing/checkout", requireUser, jsonBody(checkoutRequestSchema), handlers.checkout)
  .post("/billing/paypal/capture", requireUser, jsonBody(paypalCaptureRequestSchema), handlers.paypalCapture)
  .get(
    "/billing/manual-payments/instructions",
    requireUser,
    queryParams(manualInstructionsQuerySchema),
    handlers.manualInstructions,
  )
  .post("/billing/manual-payments", requireUser, jsonBody(manualPaymentRequestSchema), handlers.manualPayment)
  .get("/billing/payments", requireUser, queryParams(paymentsQuerySchema), handlers.payments)
  .post("/billing/payments/:id/refund-request", requireUser, jsonBody(refundRequestSchema), handlers.refundRequest)
  .get("/billing/subscription", requireUser, handlers.subscription)
  .post("/billing/subscription/cancel", requireUser, handlers.cancelSubscription)
  .post("/billing/webhooks/stripe", handlers.stripeWebhook)
  .post("/billing/webhooks/paypal", handlers.paypalWebhook);
