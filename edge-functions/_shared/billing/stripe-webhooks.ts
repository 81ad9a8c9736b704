// Stripe's events, once their signature is verified: what each one does to payments and subscriptions. An event is
// recorded (private.record_billing_event) in the same transaction as its effects, so a redelivered or replayed event
// does nothing the second time. What must be asked of Stripe (a subscription's period) is asked before the transaction,
// so no lock waits on the network. Types this product does not use are acknowledged and ignored.
import { DomainError } from "../errors.ts";
import {
  type BillingSql,
  completePayment,
  endSubscription,
  inBillingTransaction,
  knownSubscription,
  paymentById,
  paymentByReference,
  recordBillingEvent,
  refundPayment,
  renewSubscription,
  startSubscription,
  subscriptionPaymentFailed,
} from "./privileged-payments.ts";
import { stripeAccount } from "./providers.ts";
import { sendReceipt } from "./receipts.ts";
import { idOf, type Stripe, stripeCall, verifiedStripeEvent } from "./stripe-client.ts";

export interface WebhookOutcome {
  /** False for a replay: nothing was done. */
  handled: boolean;
  /** What the event did, for the log and the tests: a word such as "payment_completed" or "ignored". */
  action: string;
}

/** What an event does, decided before the transaction: its effects in it, and a receipt to send after it commits. */
export interface Plan {
  action: string;
  /** The provider's subscription the event is about, which must be one of ours. */
  subscriptionId?: string;
  apply?: (sql: BillingSql) => Promise<void>;
  /** Reads, once committed, which payment's receipt to send. */
  receipt?: () => Promise<{ userId: string | null; paymentId: string } | null>;
}

const IGNORED: Plan = { action: "ignored" };

const dateOf = (seconds: number | null | undefined): Date | null =>
  seconds === null || seconds === undefined ? null : new Date(seconds * 1000);

/** POST /api/billing/webhooks/stripe: the raw body and its Stripe-Signature header. */
export async function handleStripeWebhook(rawBody: string, signature: string | undefined): Promise<WebhookOutcome> {
  const account = await stripeAccount("after-sale").catch((error) => {
    if (error instanceof DomainError && error.reason === "provider_not_open") throw new DomainError("webhook_secret_missing");
    throw error;
  });
  if (!account.webhookSecret) throw new DomainError("webhook_secret_missing");
  const event = await verifiedStripeEvent(rawBody, signature, account.webhookSecret);
  return await applyStripeEvent(event, await planStripeEvent(account.client, event));
}

async function applyStripeEvent(event: Stripe.Event, plan: Plan): Promise<WebhookOutcome> {
  const handled = await inBillingTransaction(async (sql) => {
    if (!(await recordBillingEvent(sql, "stripe", event.id, event.type))) return false;
    await plan.apply?.(sql);
    return true;
  });
  if (!handled) return { handled, action: "replay" };
  const receipt = await plan.receipt?.();
  if (receipt) await sendReceipt(receipt.userId, receipt.paymentId);
  return { handled, action: plan.action };
}

async function planStripeEvent(stripe: Stripe, event: Stripe.Event): Promise<Plan> {
  const plan = await eventPlan(stripe, event);
  // A subscription that is not ours (the Stripe account may serve other products too) is left alone.
  if (plan.subscriptionId && !(await knownSubscription(plan.subscriptionId))) return IGNORED;
  return plan;
}

async function eventPlan(stripe: Stripe, event: Stripe.Event): Promise<Plan> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      return await sessionPaid(stripe, event.data.object);
    case "invoice.paid":
      return invoicePaid(event.data.object);
    case "invoice.payment_failed": {
      const subscriptionId = subscriptionOfInvoice(event.data.object);
      if (!subscriptionId) return IGNORED;
      return {
        action: "subscription_past_due",
        subscriptionId,
        apply: (sql) => subscriptionPaymentFailed(sql, subscriptionId),
      };
    }
    case "customer.subscription.deleted": {
      const subscriptionId = event.data.object.id;
      return { action: "subscription_ended", subscriptionId, apply: (sql) => endSubscription(sql, subscriptionId) };
    }
    case "charge.refunded":
      return await chargeRefunded(event.data.object);
    default:
      return IGNORED;
  }
}

/** A checkout paid: a credit block's payment completes (its credits granted once), a plan's subscription starts. */
async function sessionPaid(stripe: Stripe, session: Stripe.Checkout.Session): Promise<Plan> {
  // A delayed payment method completes later, with checkout.session.async_payment_succeeded.
  if (session.payment_status === "unpaid") return { action: "awaiting_payment" };
  const paymentId = session.client_reference_id ?? session.metadata?.paymentId;
  const payment = paymentId ? await paymentById(paymentId) : null;
  if (!payment || payment.payment_method !== "stripe") return IGNORED;
  const receipt = () => Promise.resolve({ userId: payment.user_id, paymentId: payment.id });
  if (session.mode === "subscription") {
    const subscriptionId = idOf(session.subscription);
    if (!subscriptionId) return IGNORED;
    const subscription = await stripeCall(() => stripe.subscriptions.retrieve(subscriptionId));
    const periodEnd = dateOf(subscription.items.data[0]?.current_period_end);
    return {
      action: "subscription_started",
      apply: (sql) => startSubscription(sql, payment.id, subscriptionId, idOf(session.customer), periodEnd),
      receipt,
    };
  }
  const paymentIntent = idOf(session.payment_intent) ?? session.id;
  let granted = false;
  return {
    action: "payment_completed",
    apply: async (sql) => {
      granted = !(await completePayment(sql, payment.id, paymentIntent, session.amount_total ?? 0)).alreadyCompleted;
    },
    receipt: async () => (granted ? await receipt() : null),
  };
}

function subscriptionOfInvoice(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription);
}

/**
 * A subscription's invoice paid. The first one (subscription_create) is the checkout's, which the session's event
 * already handled; each renewal (subscription_cycle) records its payment and starts a fresh allowance.
 */
export function invoicePaid(invoice: Stripe.Invoice): Plan {
  const subscriptionId = subscriptionOfInvoice(invoice);
  if (invoice.billing_reason !== "subscription_cycle" || !subscriptionId || !invoice.id) return IGNORED;
  const invoiceId = invoice.id;
  const period = invoice.lines.data[0]?.period ?? { start: invoice.period_start, end: invoice.period_end };
  let renewed = false;
  return {
    action: "subscription_renewed",
    subscriptionId,
    apply: async (sql) => {
      renewed = await renewSubscription(sql, {
        subscriptionId,
        invoiceId,
        amountCents: invoice.amount_paid,
        periodStart: dateOf(period.start)!,
        periodEnd: dateOf(period.end)!,
      });
    },
    receipt: async () => {
      const payment = renewed ? await paymentByReference("stripe", invoiceId) : null;
      return payment && { userId: payment.user_id, paymentId: payment.id };
    },
  };
}

/**
 * A charge refunded in full (from the finances tab, or in Stripe's dashboard): its payment is refunded and what is
 * left of its credits clawed back. A partial refund changes nothing here: how many credits it is worth is an admin's
 * call.
 */
async function chargeRefunded(charge: Stripe.Charge): Promise<Plan> {
  const paymentIntent = idOf(charge.payment_intent);
  if (!charge.refunded || !paymentIntent) return IGNORED;
  const payment = await paymentByReference("stripe", paymentIntent);
  if (!payment) return IGNORED;
  return { action: "payment_refunded", apply: (sql) => refundPayment(sql, payment.id) };
}
