// Starting a purchase: a pending payment for a catalogue item, then the provider's checkout page to send the buyer to.
// Amounts come only from the catalogue; a discount code takes a plan's first month down once. When the provider
// refuses to open the checkout, the payment fails at once and its discount code is free again.
import type { SignedIn } from "../auth/index.ts";
import { env } from "../env.ts";
import { DomainError } from "../errors.ts";
import { CATALOGUE, type CatalogueItem, catalogueItem, firstChargeWithDiscountCents } from "./catalogue.ts";
import type { CatalogueAnswer, CheckoutRequest } from "./contract.ts";
import { approvalUrl, createOrder } from "./paypal-client.ts";
import {
  currentSubscriptionRow,
  failPayment,
  inBillingTransaction,
  openPayment,
  payerEmail,
  setPaymentReference,
} from "./privileged-payments.ts";
import { openProviders, paypalAccount, stripeAccount } from "./providers.ts";
import {
  checkoutSessionParams,
  discountAmountOffCents,
  discountCouponParams,
  stripeCall,
  stripeReturnUrls,
} from "./stripe-client.ts";

export interface CheckoutStarted {
  url: string;
  paymentId: string;
}

/** The SPA's origin, where providers send the buyer back. */
export function siteUrl(): string {
  const settings = env();
  return (settings.SITE_URL ?? settings.SUPABASE_URL).replace(/\/+$/, "");
}

/** What the first charge costs: the catalogue's amount, less the first-month discount when a code is given. */
export function firstChargeCents(item: CatalogueItem, discounted: boolean): number {
  if (!discounted) return item.amountCents;
  const cents = firstChargeWithDiscountCents(item);
  if (cents === null) throw new DomainError("discount_plans_only");
  return cents;
}

/** POST /api/billing/checkout */
export async function startCheckout(signedIn: SignedIn, request: CheckoutRequest): Promise<CheckoutStarted> {
  const item = catalogueItem(request.itemId);
  if (item.kind === "plan" && request.provider !== "stripe") {
    throw new DomainError("plan_provider", { provider: request.provider });
  }
  const amountCents = firstChargeCents(item, request.discountCode !== undefined);
  // One plan at a time: another one starts once the current subscription has ended.
  if (item.kind === "plan" && await currentSubscriptionRow(signedIn.userId)) throw new DomainError("subscription_exists");
  // The provider is checked before a payment is opened, so a closed one leaves nothing behind.
  const account = request.provider === "stripe" ? await stripeAccount("sale") : await paypalAccount("sale");
  const paymentId = await openPayment({
    userId: signedIn.userId,
    itemId: item.id,
    kind: item.kind === "plan" ? "subscription" : "credits",
    method: request.provider,
    amountCents,
    credits: item.kind === "credits" ? item.credits : 0,
    discountCode: request.discountCode ?? null,
    discountCents: item.amountCents - amountCents,
  });
  try {
    const opened = "client" in account
      ? await openStripeCheckout(account.client, item, paymentId, signedIn.userId, request.discountCode !== undefined)
      : await openPaypalOrder(account, item, paymentId, amountCents);
    await setPaymentReference(paymentId, opened.reference);
    return { url: opened.url, paymentId };
  } catch (error) {
    await inBillingTransaction((sql) => failPayment(sql, paymentId, "The checkout could not be opened")).catch((failure) =>
      console.error(`Payment ${paymentId} could not be marked failed:`, failure)
    );
    throw error;
  }
}

interface Opened {
  url: string;
  reference: string;
}

async function openStripeCheckout(
  stripe: Awaited<ReturnType<typeof stripeAccount>>["client"],
  item: CatalogueItem,
  paymentId: string,
  userId: string,
  discounted: boolean,
): Promise<Opened> {
  const amountOff = discounted ? discountAmountOffCents(item) : null;
  // The payment's id is the Idempotency-Key, so a retried call opens one coupon and one session, never two.
  const coupon = amountOff === null ? null : await stripeCall(() =>
    stripe.coupons.create(discountCouponParams(amountOff), { idempotencyKey: `${paymentId}-coupon` })
  );
  const customerEmail = (await payerEmail(userId)) ?? undefined;
  const session = await stripeCall(() =>
    stripe.checkout.sessions.create(
      checkoutSessionParams(item, paymentId, stripeReturnUrls(siteUrl()), { customerEmail, couponId: coupon?.id }),
      { idempotencyKey: paymentId },
    )
  );
  if (!session.url) {
    throw new DomainError("provider_unavailable", { provider: "stripe", problem: "a checkout session without a url" });
  }
  return { url: session.url, reference: session.id };
}

async function openPaypalOrder(
  settings: Awaited<ReturnType<typeof paypalAccount>>,
  item: CatalogueItem,
  paymentId: string,
  amountCents: number,
): Promise<Opened> {
  const order = await createOrder(settings, {
    paymentId,
    description: `MailScout ${item.name}`,
    amountCents,
    returnUrl: `${siteUrl()}/account/billing?provider=paypal`,
    cancelUrl: `${siteUrl()}/pricing?checkout=cancelled`,
  });
  const url = approvalUrl(order);
  if (!url) throw new DomainError("provider_unavailable", { provider: "paypal", problem: "an order without an approval link" });
  return { url, reference: order.id };
}

/** GET /api/billing/catalogue: every item, and the providers open now (plans are Stripe's alone). */
export async function catalogueAnswer(): Promise<CatalogueAnswer> {
  const providers = await openProviders();
  return { items: [...CATALOGUE], providers, planProviders: providers.includes("stripe") ? ["stripe"] : [] };
}
