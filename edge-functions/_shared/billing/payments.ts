// Payments after the checkout: the buyer's history and money-back request, and the admin's verification, rejection
// and refund. An admin's action runs as the signed-in admin, so the database checks it is one and audits it; a refund
// goes to the provider first (Stripe's refund API, PayPal's capture refund), then the payment is refunded here and
// what is left of its credits clawed back. The provider's own refund event that follows finds it refunded already.
import type { AccessTokenClaims, SignedIn } from "../auth/index.ts";
import { asUser, type UserSql } from "../db/as-user.ts";
import { DomainError } from "../errors.ts";
import { type Payment, paymentSchema, type PaymentsPage } from "./contract.ts";
import { captureOf, readOrder, refundCapture } from "./paypal-client.ts";
import { billingRefusals } from "./billing-refusals.ts";
import {
  accountPayment,
  accountPayments,
  paymentById,
  type PaymentRecord,
  requestRefund,
} from "./privileged-payments.ts";
import { paypalAccount, stripeAccount } from "./providers.ts";
import { sendReceipt } from "./receipts.ts";
import { paymentIntentOf, stripeCall } from "./stripe-client.ts";

/** GET /api/billing/payments */
export async function listMyPayments(signedIn: SignedIn, page: number, pageSize: number): Promise<PaymentsPage> {
  return await accountPayments(signedIn.userId, page, pageSize);
}

/** POST /api/billing/payments/{id}/refund-request */
export async function requestMyRefund(signedIn: SignedIn, paymentId: string, reason: string): Promise<Payment> {
  return await requestRefund(signedIn.userId, paymentId, reason);
}

/** Runs as the signed-in admin, so the database checks it is one and its audit names them. */
async function asBillingAdmin<T>(claims: AccessTokenClaims, work: (sql: UserSql) => Promise<T>): Promise<T> {
  return await billingRefusals(() => asUser(claims, work));
}

async function paymentAnswer(payment: { id: string; user_id: string | null }): Promise<Payment> {
  // Admins see any payment; the payment's own row answers in the buyer's shape, whoever paid it.
  const answer = payment.user_id ? await accountPayment(payment.user_id, payment.id) : null;
  if (!answer) throw new DomainError("payment_not_found");
  return answer;
}

async function existingPayment(paymentId: string): Promise<PaymentRecord> {
  const payment = await paymentById(paymentId);
  if (!payment) throw new DomainError("payment_not_found");
  return payment;
}

/** POST /api/admin/payments/{id}/verify: a pending manual payment's credits granted; the payer gets a receipt. */
export async function verifyPayment(claims: AccessTokenClaims, paymentId: string): Promise<Payment> {
  const verified = await asBillingAdmin(claims, async (sql) => {
    const [row] = await sql<{ verified: Payment & { userId: string | null } }[]>`
      select private.admin_verify_payment(${paymentId}) as verified
    `;
    return row!.verified;
  });
  await sendReceipt(verified.userId, paymentId);
  return paymentSchema.parse(verified);
}

/** POST /api/admin/payments/{id}/reject: a pending manual payment fails, with the reason shown to the payer. */
export async function rejectPayment(claims: AccessTokenClaims, paymentId: string, reason: string): Promise<Payment> {
  await asBillingAdmin(claims, (sql) => sql`select private.admin_reject_payment(${paymentId}, ${reason})`);
  return await paymentAnswer(await existingPayment(paymentId));
}

/** Gives the money back at the provider; manual payments were paid outside, so the admin returns them there. */
async function refundAtProvider(payment: PaymentRecord): Promise<void> {
  const reference = payment.provider_reference;
  if (payment.payment_method === "stripe") {
    const { client } = await stripeAccount("after-sale");
    const paymentIntent = await paymentIntentOf(client, reference);
    if (!paymentIntent) throw new DomainError("refund_at_provider", { provider: "stripe" });
    await stripeCall(() =>
      client.refunds.create({ payment_intent: paymentIntent }, { idempotencyKey: `refund-${payment.id}` })
    );
  } else if (payment.payment_method === "paypal") {
    if (!reference) throw new DomainError("refund_at_provider", { provider: "paypal" });
    const settings = await paypalAccount("after-sale");
    const capture = captureOf(await readOrder(settings, reference));
    if (capture?.status === "COMPLETED") await refundCapture(settings, capture.id, payment.id);
  }
}

/** POST /api/admin/payments/{id}/refund */
export async function refundPaymentByAdmin(claims: AccessTokenClaims, paymentId: string): Promise<Payment> {
  const payment = await existingPayment(paymentId);
  if (payment.status !== "refunded") {
    if (payment.status !== "completed" && payment.status !== "verified") throw new DomainError("payment_not_refundable");
    await refundAtProvider(payment);
  }
  await asBillingAdmin(claims, (sql) => sql`select private.refund_payment(${paymentId})`);
  return await paymentAnswer(payment);
}
