// What a checkout charges and asks Stripe and PayPal for: amounts from the catalogue alone, the first-month discount
// as a one-use coupon on plans only.
import assert from "node:assert/strict";
import { DomainError } from "../errors.ts";
import { catalogueItem } from "./catalogue.ts";
import { firstChargeCents } from "./checkout.ts";
import { orderBody } from "./paypal-client.ts";
import {
  checkoutSessionParams,
  discountAmountOffCents,
  discountCouponParams,
  stripeReturnUrls,
} from "./stripe-client.ts";

const urls = stripeReturnUrls("https://app.example.com/");
const PAYMENT = "0b9e8a8e-5b0a-4a52-9d43-0f3d8f8c2a11";

Deno.test("a credit block costs its catalogue price and takes no discount code", () => {
  const block = catalogueItem("credits-800");
  assert.equal(firstChargeCents(block, false), 1200);
  assert.throws(() => firstChargeCents(block, true), (error) => error instanceof DomainError && error.reason === "discount_plans_only");
  assert.equal(discountAmountOffCents(block), null);
});

Deno.test("the discount takes 20% of one month off a plan's first charge, a yearly plan's month at its yearly rate", () => {
  assert.equal(firstChargeCents(catalogueItem("starter-monthly"), false), 1900);
  assert.equal(firstChargeCents(catalogueItem("starter-monthly"), true), 1520);
  assert.equal(discountAmountOffCents(catalogueItem("starter-monthly")), 380);
  // Starter yearly: $14.25 a month, $171 a year; 20% of a month is $2.85.
  assert.equal(firstChargeCents(catalogueItem("starter-yearly"), false), 17100);
  assert.equal(firstChargeCents(catalogueItem("starter-yearly"), true), 16815);
  // Business monthly: 20% of $169 is $33.80.
  assert.equal(discountAmountOffCents(catalogueItem("business-monthly")), 3380);
});

Deno.test("a credit block's checkout is a one-time payment tied to the payment by its id", () => {
  const params = checkoutSessionParams(catalogueItem("credits-2000"), PAYMENT, urls, { customerEmail: "ada@example.com" });
  assert.equal(params.mode, "payment");
  assert.equal(params.client_reference_id, PAYMENT);
  assert.deepEqual(params.metadata, { paymentId: PAYMENT, itemId: "credits-2000" });
  assert.deepEqual(params.payment_intent_data?.metadata, { paymentId: PAYMENT, itemId: "credits-2000" });
  assert.equal(params.line_items?.[0]?.price_data?.unit_amount, 3000);
  assert.equal(params.line_items?.[0]?.price_data?.currency, "usd");
  assert.equal(params.line_items?.[0]?.price_data?.recurring, undefined);
  assert.equal(params.customer_email, "ada@example.com");
  assert.equal(params.discounts, undefined);
  assert.equal(
    params.success_url,
    "https://app.example.com/account/billing?checkout=success&provider=stripe&session_id={CHECKOUT_SESSION_ID}",
  );
  assert.equal(params.cancel_url, "https://app.example.com/pricing?checkout=cancelled");
});

Deno.test("a plan's checkout is a subscription billed each month or year, its discount a coupon", () => {
  const monthly = checkoutSessionParams(catalogueItem("professional-monthly"), PAYMENT, urls, { couponId: "co_1" });
  assert.equal(monthly.mode, "subscription");
  assert.deepEqual(monthly.line_items?.[0]?.price_data?.recurring, { interval: "month" });
  assert.equal(monthly.line_items?.[0]?.price_data?.unit_amount, 6900);
  assert.deepEqual(monthly.discounts, [{ coupon: "co_1" }]);
  assert.deepEqual(monthly.subscription_data?.metadata, { paymentId: PAYMENT, itemId: "professional-monthly" });
  const yearly = checkoutSessionParams(catalogueItem("professional-yearly"), PAYMENT, urls);
  assert.deepEqual(yearly.line_items?.[0]?.price_data?.recurring, { interval: "year" });
  assert.equal(yearly.line_items?.[0]?.price_data?.unit_amount, 62100);
  assert.equal(yearly.discounts, undefined);
  const coupon = discountCouponParams(1380);
  assert.deepEqual(
    [coupon.amount_off, coupon.currency, coupon.duration],
    [1380, "usd", "once"],
  );
  assert.ok(coupon.name!.length <= 40, "Stripe's limit for a coupon's name");
});

Deno.test("a PayPal order captures the block's price in dollars, returning to the billing page", () => {
  const body = orderBody({
    paymentId: PAYMENT,
    description: "MailScout 10,000 credits",
    amountCents: catalogueItem("credits-10000").amountCents,
    returnUrl: "https://app.example.com/account/billing?provider=paypal",
    cancelUrl: "https://app.example.com/pricing?checkout=cancelled",
  });
  assert.equal(body.intent, "CAPTURE");
  assert.deepEqual(body.purchase_units[0]!.amount, { currency_code: "USD", value: "120.00" });
  assert.equal(body.purchase_units[0]!.custom_id, PAYMENT);
  assert.equal(body.payment_source.paypal.experience_context.return_url, "https://app.example.com/account/billing?provider=paypal");
});
