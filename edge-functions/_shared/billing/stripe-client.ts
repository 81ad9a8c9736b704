// Stripe through its official client, pointed at STRIPE_API_BASE (the real API, or devstack's fake) and speaking fetch,
// which the edge runtime has (no Node http). The client's failures become DomainErrors here: a declined card is the
// buyer's news, anything else (a network failure, a refused key, a 5xx) is Stripe being unavailable to us.
import Stripe from "stripe";
import { env } from "../env.ts";
import { DomainError } from "../errors.ts";
import { type CatalogueItem, FIRST_MONTH_DISCOUNT_PERCENT, firstChargeWithDiscountCents } from "./catalogue.ts";

export type { Stripe };

/** How old a webhook's signed timestamp may be, in seconds: Stripe's own default, which stops replays of old events. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export function stripeClient(secretKey: string, apiBase = env().STRIPE_API_BASE): Stripe {
  const base = new URL(apiBase);
  return new Stripe(secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    host: base.hostname,
    port: base.port || (base.protocol === "https:" ? 443 : 80),
    protocol: base.protocol === "https:" ? "https" : "http",
    // Every write carries our own Idempotency-Key, so the client's retries of a lost answer are safe.
    maxNetworkRetries: 1,
    timeout: 15_000,
  });
}

/** An expandable field's id, whether Stripe sent the id or the object. */
export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value === null || value === undefined ? null : typeof value === "string" ? value : value.id;

/**
 * The payment intent that took a payment's money, which a refund names. A credit block's reference is the intent
 * itself; a plan's first payment is named by its checkout session, and a renewal by its invoice, whose paid payment
 * names the intent. Null when Stripe names none.
 */
export async function paymentIntentOf(stripe: Stripe, reference: string | null): Promise<string | null> {
  if (!reference) return null;
  if (reference.startsWith("pi_")) return reference;
  let invoiceId = reference.startsWith("in_") ? reference : null;
  if (reference.startsWith("cs_")) {
    invoiceId = idOf((await stripeCall(() => stripe.checkout.sessions.retrieve(reference))).invoice);
  }
  if (!invoiceId) return null;
  const invoice = await stripeCall(() => stripe.invoices.retrieve(invoiceId, { expand: ["payments"] }));
  const paid = invoice.payments?.data.find((payment) => payment.status === "paid");
  return idOf(paid?.payment.payment_intent);
}

/** Runs a call to Stripe, its failures as DomainErrors. */
export async function stripeCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) {
      throw new DomainError("payment_declined", { provider: "stripe" }, { cause: error });
    }
    if (error instanceof Stripe.errors.StripeError) {
      throw new DomainError(
        "provider_unavailable",
        { provider: "stripe", problem: `${error.type} ${error.statusCode ?? ""}: ${error.message}` },
        { cause: error },
      );
    }
    throw error;
  }
}

export interface CheckoutUrls {
  success: string;
  cancel: string;
}

/** Where Stripe sends the buyer back: the billing page says how it went; a cancelled checkout returns to the prices. */
export function stripeReturnUrls(siteUrl: string): CheckoutUrls {
  const origin = siteUrl.replace(/\/+$/, "");
  return {
    success: `${origin}/account/billing?checkout=success&provider=stripe&session_id={CHECKOUT_SESSION_ID}`,
    cancel: `${origin}/pricing?checkout=cancelled`,
  };
}

/** The first-month discount as a one-use coupon's amount off; null when the item takes no discount. */
export function discountAmountOffCents(item: CatalogueItem): number | null {
  const discounted = firstChargeWithDiscountCents(item);
  return discounted === null ? null : item.amountCents - discounted;
}

/**
 * The Checkout Session for a payment: a one-time payment for a credit block, a subscription for a plan (billed each
 * month or year). The price always comes from the catalogue; the payment's id ties every event back to it.
 */
export function checkoutSessionParams(
  item: CatalogueItem,
  paymentId: string,
  urls: CheckoutUrls,
  options: { customerEmail?: string; couponId?: string } = {},
): Stripe.Checkout.SessionCreateParams {
  const metadata = { paymentId, itemId: item.id };
  const common = {
    client_reference_id: paymentId,
    metadata,
    success_url: urls.success,
    cancel_url: urls.cancel,
    ...(options.customerEmail ? { customer_email: options.customerEmail } : {}),
  };
  if (item.kind === "credits") {
    return {
      ...common,
      mode: "payment",
      line_items: [{
        quantity: 1,
        price_data: { currency: "usd", unit_amount: item.amountCents, product_data: { name: `MailScout ${item.name}` } },
      }],
      // The payment intent carries the payment's id too, so its charge's refund finds the payment.
      payment_intent_data: { metadata },
    };
  }
  return {
    ...common,
    mode: "subscription",
    line_items: [{
      quantity: 1,
      price_data: {
        currency: "usd",
        unit_amount: item.amountCents,
        product_data: { name: `MailScout ${item.name}` },
        recurring: { interval: item.interval === "yearly" ? "year" : "month" },
      },
    }],
    subscription_data: { metadata },
    ...(options.couponId ? { discounts: [{ coupon: options.couponId }] } : {}),
  };
}

/** The coupon of a plan's first-month discount, made for one payment's session. */
export function discountCouponParams(amountOffCents: number): Stripe.CouponCreateParams {
  return {
    amount_off: amountOffCents,
    currency: "usd",
    // Once: the first charge only. Its id is given to this payment's session alone, so no one else can redeem it.
    duration: "once",
    // Stripe takes at most 40 characters here; the session's line item names the plan.
    name: `${FIRST_MONTH_DISCOUNT_PERCENT}% off the first month`,
  };
}

/**
 * A webhook's event, once its Stripe-Signature is verified against the signing secret: HMAC-SHA256 of the timestamp
 * and the raw body, the timestamp within the tolerance (with Web Crypto, as the edge runtime has no Node crypto).
 * Anything else is refused as a forged or stale call.
 */
export async function verifiedStripeEvent(
  rawBody: string,
  signature: string | undefined,
  secret: string,
  receivedAtSeconds?: number,
): Promise<Stripe.Event> {
  if (!signature) throw new DomainError("webhook_signature_invalid");
  try {
    return await Stripe.webhooks.constructEventAsync(
      rawBody,
      signature,
      secret,
      WEBHOOK_TOLERANCE_SECONDS,
      Stripe.createSubtleCryptoProvider(),
      receivedAtSeconds,
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      throw new DomainError("webhook_signature_invalid");
    }
    throw new DomainError("webhook_invalid");
  }
}
