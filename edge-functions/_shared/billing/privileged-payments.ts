// Purchases past RLS, on the functions' own connection: no API role may write a payment, a subscription or a balance,
// so checkouts, provider webhooks and the buyer's own requests reach the payments functions (private.*) here. Each of
// them locks the buyer's profile before it moves a balance; a webhook's calls share one transaction with the record of
// its event, so a redelivered event does nothing twice.
import type postgres from "postgres";
import { database } from "../db/pool.ts";
import { billingRefusals } from "./billing-refusals.ts";
import type { ItemId, Payment, PaymentsPage, Subscription } from "./contract.ts";

export type BillingSql = postgres.TransactionSql;

/** Runs `work` in one transaction on the privileged pool, the payments functions' refusals as DomainErrors. */
export async function inBillingTransaction<T>(work: (sql: BillingSql) => Promise<T>): Promise<T> {
  return await billingRefusals(async () => await database().begin(work) as T);
}

export interface PaymentRecord {
  id: string;
  user_id: string | null;
  item_id: ItemId | null;
  kind: "credits" | "subscription";
  payment_method: string;
  status: string;
  amount_cents: number;
  credits_granted: number;
  provider_reference: string | null;
  subscription_id: string | null;
}

const PAYMENT_COLUMNS = "id, user_id, item_id, kind, payment_method, status, amount_cents::integer, credits_granted, " +
  "provider_reference, subscription_id";

export async function paymentById(id: string): Promise<PaymentRecord | null> {
  const [row] = await database()<PaymentRecord[]>`
    select ${database().unsafe(PAYMENT_COLUMNS)} from public.payments where id = ${id}
  `;
  return row ?? null;
}

/** The payment a provider's id names (a checkout session, a payment intent, an order), by provider. */
export async function paymentByReference(method: string, reference: string): Promise<PaymentRecord | null> {
  const [row] = await database()<PaymentRecord[]>`
    select ${database().unsafe(PAYMENT_COLUMNS)} from public.payments
    where payment_method = ${method} and provider_reference = ${reference}
  `;
  return row ?? null;
}

export interface NewPayment {
  userId: string;
  itemId: ItemId;
  kind: "credits" | "subscription";
  method: string;
  amountCents: number;
  credits: number;
  discountCode: string | null;
  discountCents: number;
}

/** A pending payment for a checkout; a discount code is claimed in the same transaction (single use). */
export async function openPayment(payment: NewPayment): Promise<string> {
  return await inBillingTransaction(async (sql) => {
    const [row] = await sql<{ id: string }[]>`
      select private.open_payment(${payment.userId}, ${payment.itemId}, ${payment.kind}, ${payment.method},
        ${payment.amountCents}, ${payment.credits}, ${payment.discountCode}, ${payment.discountCents}) as id
    `;
    return row!.id;
  });
}

export async function setPaymentReference(paymentId: string, reference: string): Promise<void> {
  await inBillingTransaction((sql) => sql`select private.set_payment_reference(${paymentId}, ${reference})`);
}

export interface Completion {
  paymentId: string;
  userId: string | null;
  creditsGranted: number;
  alreadyCompleted: boolean;
}

/** Pending → completed with its credits granted, once: a second call answers alreadyCompleted. */
export async function completePayment(
  sql: BillingSql,
  paymentId: string,
  reference: string,
  amountCents: number,
): Promise<Completion> {
  const [row] = await sql<{ completion: Completion }[]>`
    select private.complete_payment(${paymentId}, ${reference}, ${amountCents}) as completion
  `;
  return row!.completion;
}

/** Pending → failed (a declined capture, a checkout that did not open); the discount code's claim is released. */
export async function failPayment(sql: BillingSql, paymentId: string, reason: string): Promise<void> {
  await sql`select private.fail_payment(${paymentId}, ${reason})`;
}

/** Completed or verified → refunded, unused credits clawed back; idempotent. */
export async function refundPayment(sql: BillingSql, paymentId: string): Promise<void> {
  await sql`select private.refund_payment(${paymentId})`;
}

/** True the first time a provider's event is seen; false for a replay, whose effects must then be skipped. */
export async function recordBillingEvent(sql: BillingSql, provider: string, eventId: string, type: string): Promise<boolean> {
  const [row] = await sql<{ first: boolean }[]>`
    select private.record_billing_event(${provider}, ${eventId}, ${type}) as first
  `;
  return row!.first;
}

export async function startSubscription(
  sql: BillingSql,
  paymentId: string,
  providerSubscriptionId: string,
  customerId: string | null,
  periodEnd: Date | null,
): Promise<void> {
  await sql`
    select private.start_subscription(${paymentId}, ${providerSubscriptionId}, ${customerId}, ${periodEnd})
  `;
}

export async function renewSubscription(
  sql: BillingSql,
  renewal: { subscriptionId: string; invoiceId: string; amountCents: number; periodStart: Date; periodEnd: Date },
): Promise<boolean> {
  const [row] = await sql<{ renewed: boolean }[]>`
    select private.renew_subscription(${renewal.subscriptionId}, ${renewal.invoiceId}, ${renewal.amountCents},
      ${renewal.periodStart}, ${renewal.periodEnd}) as renewed
  `;
  return row!.renewed;
}

export async function subscriptionPaymentFailed(sql: BillingSql, providerSubscriptionId: string): Promise<void> {
  await sql`select private.subscription_payment_failed(${providerSubscriptionId})`;
}

export async function endSubscription(sql: BillingSql, providerSubscriptionId: string): Promise<void> {
  await sql`select private.end_subscription(${providerSubscriptionId})`;
}

export async function submitManualPayment(
  payment: Omit<NewPayment, "kind" | "discountCode" | "discountCents"> & { reference: string },
): Promise<string> {
  return await inBillingTransaction(async (sql) => {
    const [row] = await sql<{ id: string }[]>`
      select private.submit_manual_payment(${payment.userId}, ${payment.itemId}, ${payment.method},
        ${payment.amountCents}, ${payment.credits}, ${payment.reference}) as id
    `;
    return row!.id;
  });
}

/** Records the payer's money-back request; the payment answers. */
export async function requestRefund(userId: string, paymentId: string, reason: string): Promise<Payment> {
  return await inBillingTransaction(async (sql) => {
    const [row] = await sql<{ payment: Payment }[]>`
      select private.request_refund(${userId}, ${paymentId}, ${reason}) as payment
    `;
    return row!.payment;
  });
}

/** The buyer's payments page, in the contract's shape. */
export async function accountPayments(userId: string, page: number, pageSize: number): Promise<PaymentsPage> {
  const [row] = await database()<{ page: PaymentsPage }[]>`
    select private.account_payments(${userId}, ${page}, ${pageSize}) as page
  `;
  return row!.page;
}

/** One of the buyer's payments, in the contract's shape; null when it is not theirs. */
export async function accountPayment(userId: string, paymentId: string): Promise<Payment | null> {
  const [row] = await database()<{ payment: Payment }[]>`
    select private.payment_json(pay) as payment from public.payments as pay
    where pay.id = ${paymentId} and pay.user_id = ${userId}
  `;
  return row?.payment ?? null;
}

export interface ActiveSubscription {
  id: string;
  provider_subscription_id: string;
}

/** The user's subscription that has not ended, if any. */
export async function currentSubscriptionRow(userId: string): Promise<ActiveSubscription | null> {
  const [row] = await database()<ActiveSubscription[]>`
    select id, provider_subscription_id from public.subscriptions where user_id = ${userId} and status <> 'ended'
  `;
  return row ?? null;
}

/** The subscription as the account's usage shows it (usage_balances computes its grace period), or null. */
export async function accountSubscription(userId: string): Promise<Subscription | null> {
  const [row] = await database()<{ subscription: Subscription | null }[]>`
    select private.usage_balances(${userId}) -> 'subscription' as subscription
  `;
  return row?.subscription ?? null;
}

/** Whether a provider's subscription is one of ours (a Stripe account may serve other products too). */
export async function knownSubscription(providerSubscriptionId: string): Promise<boolean> {
  const [row] = await database()<{ known: boolean }[]>`
    select exists (select from public.subscriptions where provider_subscription_id = ${providerSubscriptionId}) as known
  `;
  return row!.known;
}

export async function setSubscriptionCancelAtPeriodEnd(userId: string, cancel: boolean): Promise<void> {
  await inBillingTransaction((sql) => sql`select private.set_subscription_cancel_at_period_end(${userId}, ${cancel})`);
}

/** Where a receipt goes: the payer's address, when they still have an account. */
export async function payerEmail(userId: string): Promise<string | null> {
  const [row] = await database()<{ email: string | null }[]>`select email from public.profiles where id = ${userId}`;
  return row?.email ?? null;
}
