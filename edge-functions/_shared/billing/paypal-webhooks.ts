// PayPal's side after the buyer approved an order: the buyer's capture when PayPal sends them back, and PayPal's
// webhooks. A webhook's body is never trusted: only the order or capture id is read from it, and that is fetched from
// PayPal, whose answer alone decides (completed → the payment completes once; refunded → refunded; declined → failed).
// The event's id is recorded in the same transaction as its effects, so a redelivery does nothing twice.
import { z } from "zod";
import type { SignedIn } from "../auth/index.ts";
import { DomainError } from "../errors.ts";
import type { Payment } from "./contract.ts";
import {
  captureOf,
  capturedOfRefund,
  captureOrder,
  centsOf,
  type PaypalCapture,
  type PaypalSettings,
  readCapture,
  readOrder,
} from "./paypal-client.ts";
import {
  accountPayment,
  type BillingSql,
  completePayment,
  failPayment,
  inBillingTransaction,
  paymentById,
  type PaymentRecord,
  paymentByReference,
  recordBillingEvent,
  refundPayment,
} from "./privileged-payments.ts";
import { paypalAccount } from "./providers.ts";
import { sendReceipt } from "./receipts.ts";
import type { WebhookOutcome } from "./stripe-webhooks.ts";

/** What the buyer reads on a declined payment. */
const DECLINED_REASON = "PayPal declined the payment";

/** What a capture's status does to its payment. */
export type CaptureEffect = "complete" | "refund" | "fail" | "wait";

export function captureEffect(capture: Pick<PaypalCapture, "status"> | null): CaptureEffect {
  switch (capture?.status) {
    case "COMPLETED":
      return "complete";
    case "REFUNDED":
      return "refund";
    case "DECLINED":
    case "FAILED":
      return "fail";
    default:
      // PENDING (PayPal is reviewing it), PARTIALLY_REFUNDED (an admin's call), or not captured yet.
      return "wait";
  }
}

/** Applies a capture's status to its payment, in `sql`; whether credits were granted now (a receipt is due). */
async function settle(sql: BillingSql, payment: PaymentRecord, orderId: string, capture: PaypalCapture | null) {
  switch (captureEffect(capture)) {
    case "complete":
      return !(await completePayment(sql, payment.id, orderId, centsOf(capture!.amount?.value ?? "0"))).alreadyCompleted;
    case "refund":
      await refundPayment(sql, payment.id);
      return false;
    case "fail":
      if (payment.status === "pending") await failPayment(sql, payment.id, DECLINED_REASON);
      return false;
    case "wait":
      return false;
  }
}

/** Captures an approved order (PayPal-Request-Id: the payment's id); a declined capture fails the payment. */
async function capture(settings: PaypalSettings, payment: PaymentRecord, orderId: string) {
  try {
    return captureOf(await captureOrder(settings, orderId, payment.id));
  } catch (error) {
    if (error instanceof DomainError && error.reason === "payment_declined") {
      await inBillingTransaction((sql) => failPayment(sql, payment.id, DECLINED_REASON));
    }
    throw error;
  }
}

/** POST /api/billing/paypal/capture: the buyer, back from PayPal, has their order captured; the payment answers. */
export async function capturePaypalOrder(signedIn: SignedIn, orderId: string): Promise<Payment> {
  const payment = await paymentByReference("paypal", orderId);
  if (!payment || payment.user_id !== signedIn.userId) throw new DomainError("payment_not_found");
  if (payment.status === "pending") {
    const captured = await capture(await paypalAccount("after-sale"), payment, orderId);
    if (captureEffect(captured) === "fail") {
      await inBillingTransaction((sql) => settle(sql, payment, orderId, captured));
      throw new DomainError("payment_declined", { provider: "paypal" });
    }
    if (await inBillingTransaction((sql) => settle(sql, payment, orderId, captured))) {
      await sendReceipt(payment.user_id, payment.id);
    }
  }
  return (await accountPayment(signedIn.userId, payment.id))!;
}

const webhookSchema = z.object({
  id: z.string().min(1).max(255),
  event_type: z.string().min(1).max(255),
  resource: z.object({ id: z.string().regex(/^[A-Za-z0-9-]{1,64}$/) }),
});

/** The payment and the order an event's resource leads to, as PayPal itself tells it. */
async function whatPaypalSays(settings: PaypalSettings, type: string, resourceId: string) {
  if (type.startsWith("CHECKOUT.ORDER.")) {
    const order = await readOrder(settings, resourceId);
    const payment = await paymentByReference("paypal", order.id);
    if (!payment) return null;
    // The buyer approved but never came back to have it captured: the webhook captures it.
    const captured = order.status === "APPROVED" && payment.status === "pending"
      ? await capture(settings, payment, order.id).catch((error) => {
        if (error instanceof DomainError && error.reason === "payment_declined") return null;
        throw error;
      })
      : captureOf(order);
    return { payment, orderId: order.id, capture: captured };
  }
  if (type.startsWith("PAYMENT.CAPTURE.")) {
    // A refund's event names the refund; the capture it came from says whether it is refunded now.
    const captureId = type === "PAYMENT.CAPTURE.REFUNDED" ? await capturedOfRefund(settings, resourceId) : resourceId;
    if (!captureId) return null;
    const found = await readCapture(settings, captureId);
    const orderId = found.supplementary_data?.related_ids?.order_id;
    const payment = orderId
      ? await paymentByReference("paypal", orderId)
      : found.custom_id
      ? await paymentById(found.custom_id)
      : null;
    if (!payment || payment.payment_method !== "paypal") return null;
    return { payment, orderId: orderId ?? payment.provider_reference ?? found.id, capture: found };
  }
  return null;
}

/** POST /api/billing/webhooks/paypal */
export async function handlePaypalWebhook(body: unknown): Promise<WebhookOutcome> {
  const parsed = webhookSchema.safeParse(body);
  if (!parsed.success) throw new DomainError("webhook_invalid");
  const event = parsed.data;
  const settings = await paypalAccount("after-sale");
  const found = await whatPaypalSays(settings, event.event_type, event.resource.id);
  let granted = false;
  const handled = await inBillingTransaction(async (sql) => {
    if (!(await recordBillingEvent(sql, "paypal", event.id, event.event_type))) return false;
    if (found) granted = await settle(sql, found.payment, found.orderId, found.capture);
    return true;
  });
  if (!handled) return { handled, action: "replay" };
  if (granted) await sendReceipt(found!.payment.user_id, found!.payment.id);
  return { handled, action: found ? captureEffect(found.capture) : "ignored" };
}
