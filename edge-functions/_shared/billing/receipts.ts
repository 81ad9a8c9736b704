// The receipt a buyer gets by email once a payment is paid (by the provider) or verified (by an admin): what was
// bought, for how much, how, and where the payment history is. Sent after the payment's transaction commits; a failed
// send is logged and dropped, since the billing page shows the same payment.
import { sendEmail } from "../email/index.ts";
import { env } from "../env.ts";
import { PAYMENT_PROVIDER_LABELS, type PaymentProvider } from "../admin/index.ts";
import type { Payment } from "./contract.ts";
import { accountPayment, payerEmail } from "./privileged-payments.ts";

const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

export function receiptEmail(payment: Payment, siteUrl: string): { subject: string; text: string } {
  const origin = siteUrl.replace(/\/+$/, "");
  const method = PAYMENT_PROVIDER_LABELS[payment.paymentMethod as PaymentProvider] ?? payment.paymentMethod;
  const lines = [
    "Thank you for your payment.",
    "",
    `Item: ${payment.description}`,
    `Amount: ${money.format(payment.amountCents / 100)} (USD)`,
    ...(payment.creditsGranted > 0 ? [`Credits added: ${payment.creditsGranted.toLocaleString("en-US")}`] : []),
    `Paid with: ${method}`,
    `Date: ${(payment.paidAt ?? payment.createdAt).slice(0, 16).replace("T", " ")} UTC`,
    `Payment id: ${payment.id}`,
    "",
    `Your payment history: ${origin}/account/billing`,
    "",
    "MailScout",
  ];
  return { subject: `Your MailScout receipt: ${payment.description}`, text: lines.join("\n") };
}

/** Mails the payment's receipt to the payer, when they still have an account; never throws. */
export async function sendReceipt(userId: string | null, paymentId: string): Promise<void> {
  try {
    const to = userId ? await payerEmail(userId) : null;
    const payment = userId ? await accountPayment(userId, paymentId) : null;
    if (!to || !payment) return;
    const settings = env();
    await sendEmail({ from: settings.EMAIL_FROM, to, ...receiptEmail(payment, settings.SITE_URL ?? settings.SUPABASE_URL) });
  } catch (error) {
    console.error(`The receipt for payment ${paymentId} could not be sent:`, error);
  }
}
