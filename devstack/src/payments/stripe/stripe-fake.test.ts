// The fake Stripe through the official client, unchanged but for its host: if stripe-node works against it and its
// webhooks pass stripe.webhooks.constructEventAsync, the api cannot tell it from Stripe's test mode.
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { newWebhookSecret, startPaymentFakes, type RunningPaymentFakes } from "../index.ts";
import { paymentFakes, type PaymentFakes } from "../testing.ts";
import { startWebhookEndpoint, type WebhookEndpoint } from "../webhook-endpoint.ts";

let fakes: RunningPaymentFakes;
let endpoint: WebhookEndpoint;
let controls: PaymentFakes;
let stripe: Stripe;
const secret = newWebhookSecret();

beforeAll(async () => {
  endpoint = await startWebhookEndpoint();
  fakes = await startPaymentFakes({ stripePort: 0, paypalPort: 0, stripeWebhookSecret: secret, functionsUrl: endpoint.functionsUrl });
  controls = paymentFakes({ stripe: fakes.stripeUrl, paypal: fakes.paypalUrl });
  stripe = clientFor("sk_test_devstack_fake_key");
});
afterAll(async () => {
  await fakes.stop();
  await endpoint.stop();
});
beforeEach(() => {
  endpoint.received.length = 0;
  endpoint.answerWith(200);
});

function clientFor(key: string): Stripe {
  const { hostname, port, protocol } = new URL(fakes.stripeUrl);
  return new Stripe(key, { host: hostname, port: Number(port), protocol: protocol.replace(":", "") as "http", maxNetworkRetries: 0 });
}

/** The events delivered to the endpoint, each checked as the api checks it. */
async function deliveredEvents(): Promise<Stripe.Event[]> {
  return Promise.all(
    endpoint.received.map((request) => {
      expect(request.path).toBe("/functions/v1/api/billing/webhooks/stripe");
      return stripe.webhooks.constructEventAsync(request.body, request.headers["stripe-signature"]!, secret);
    }),
  );
}

const creditsSession = (extra: Partial<Stripe.Checkout.SessionCreateParams> = {}) =>
  stripe.checkout.sessions.create({
    mode: "payment",
    line_items: [{ price_data: { currency: "usd", unit_amount: 1200, product_data: { name: "800 credits" } }, quantity: 1 }],
    success_url: "http://localhost:54321/account/billing?session_id={CHECKOUT_SESSION_ID}",
    cancel_url: "http://localhost:54321/pricing",
    client_reference_id: "user-1",
    metadata: { itemId: "credits-800", paymentId: "payment-1" },
    ...extra,
  });

const planSession = (interval: "month" | "year" = "month") =>
  stripe.checkout.sessions.create({
    mode: "subscription",
    line_items: [
      { price_data: { currency: "usd", unit_amount: 2900, recurring: { interval }, product_data: { name: "Starter" } }, quantity: 1 },
    ],
    success_url: "http://localhost:54321/account/billing?session_id={CHECKOUT_SESSION_ID}",
    customer_email: "ada@example.com",
    metadata: { itemId: "starter-monthly" },
    subscription_data: { metadata: { userId: "user-1" } },
  });

describe("checkout sessions", () => {
  it("creates a payment session with a discount and answers it again by id", async () => {
    const coupon = await stripe.coupons.create({ percent_off: 20, duration: "once" });
    const session = await creditsSession({ discounts: [{ coupon: coupon.id }] });
    expect(session).toMatchObject({
      object: "checkout.session",
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      amount_subtotal: 1200,
      amount_total: 960,
      total_details: { amount_discount: 240 },
      client_reference_id: "user-1",
      metadata: { itemId: "credits-800", paymentId: "payment-1" },
    });
    expect(session.url).toBe(`${fakes.stripeUrl}/c/pay/${session.id}`);
    expect((await stripe.checkout.sessions.retrieve(session.id)).id).toBe(session.id);
  });

  it("pays with 4242 4242 4242 4242, then sends checkout.session.completed signed as Stripe signs it", async () => {
    const session = await creditsSession();
    const paid = await controls.stripe.payCheckoutSession(session.id, { card: "4242424242424242" });
    expect(paid.outcome).toBe("succeeded");
    const [event] = await deliveredEvents();
    expect(event).toMatchObject({ type: "checkout.session.completed", data: { object: { id: session.id, payment_status: "paid" } } });
    const completed = await stripe.checkout.sessions.retrieve(session.id, { expand: ["payment_intent"] });
    expect(completed.status).toBe("complete");
    expect((completed.payment_intent as Stripe.PaymentIntent).amount_received).toBe(1200);
  });

  it("keeps a declined session payable and says why", async () => {
    const session = await creditsSession();
    const declined = await controls.stripe.payCheckoutSession(session.id, { card: "4000000000000002" });
    expect(declined).toMatchObject({ outcome: "declined", message: "Your card was declined.", declineCode: "generic_decline" });
    const poor = await controls.stripe.payCheckoutSession(session.id, { card: "4000000000009995" });
    expect(poor).toMatchObject({ outcome: "declined", message: "Your card has insufficient funds." });
    expect(endpoint.received).toHaveLength(0);
    expect((await controls.stripe.payCheckoutSession(session.id, { card: "4242424242424242" })).outcome).toBe("succeeded");
  });

  it("asks for 3-D Secure, and pays only once it is completed", async () => {
    const session = await creditsSession();
    expect((await controls.stripe.payCheckoutSession(session.id, { card: "4000002500003155" })).outcome).toBe("requires_action");
    const failed = await controls.stripe.payCheckoutSession(session.id, { card: "4000002760003184", threeDSecure: "fail" });
    expect(failed).toMatchObject({ outcome: "declined", message: expect.stringContaining("unable to authenticate") });
    const completed = await controls.stripe.payCheckoutSession(session.id, { card: "4000002500003155", threeDSecure: "complete" });
    expect(completed.outcome).toBe("succeeded");
  });

  it("refuses a paid session, an unknown coupon and an unknown parameter", async () => {
    const session = await creditsSession();
    await controls.stripe.payCheckoutSession(session.id, { card: "4242424242424242" });
    await expect(controls.stripe.payCheckoutSession(session.id, { card: "4242424242424242" })).rejects.toThrow(/no longer active/);
    await expect(creditsSession({ discounts: [{ coupon: "NOPE" }] })).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      message: "No such coupon: 'NOPE'",
    });
    await expect(creditsSession({ foo: "bar" } as never)).rejects.toMatchObject({ message: "Received unknown parameter: foo" });
  });
});

describe("subscriptions", () => {
  it("starts with invoice.paid for subscription_create, renews with subscription_cycle and the next period", async () => {
    const session = await planSession();
    await controls.stripe.payCheckoutSession(session.id, { card: "4242424242424242" });
    const [completed, firstInvoice] = await deliveredEvents();
    const subscriptionId = (completed!.data.object as Stripe.Checkout.Session).subscription as string;
    const first = firstInvoice!.data.object as Stripe.Invoice;
    expect(firstInvoice!.type).toBe("invoice.paid");
    expect(first).toMatchObject({ billing_reason: "subscription_create", amount_paid: 2900, status: "paid" });
    expect(first.parent?.subscription_details).toMatchObject({ subscription: subscriptionId, metadata: { userId: "user-1" } });

    endpoint.received.length = 0;
    const renewal = await controls.stripe.renewSubscription(subscriptionId);
    expect(renewal.map((entry) => entry.event.type)).toEqual(["invoice.paid", "customer.subscription.updated"]);
    const cycle = renewal[0]!.event.data.object as unknown as Stripe.Invoice;
    expect(cycle.billing_reason).toBe("subscription_cycle");
    expect(cycle.lines.data[0]!.period.start).toBe(first.lines.data[0]!.period.end);
    expect(renewal[0]!.deliveries[0]!.status).toBe(200);
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    expect(subscription.items.data[0]!.current_period_start).toBe(cycle.lines.data[0]!.period.start);
  });

  it("goes past due on a failed renewal, and active again when the retry is paid", async () => {
    const session = await planSession("year");
    const paid = await controls.stripe.payCheckoutSession(session.id, { card: "4242424242424242" });
    const subscriptionId = paid.session.subscription!;
    const failed = await controls.stripe.failRenewal(subscriptionId);
    expect(failed.map((entry) => entry.event.type)).toEqual(["invoice.payment_failed", "customer.subscription.updated"]);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe("past_due");
    const retried = await controls.stripe.renewSubscription(subscriptionId);
    expect(retried[0]!.event.data.object.id).toBe(failed[0]!.event.data.object.id);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe("active");
  });

  it("cancels at the period's end, then ends there; or at once", async () => {
    const first = await planSession();
    const paid = await controls.stripe.payCheckoutSession(first.id, { card: "4242424242424242" });
    const id = paid.session.subscription!;
    const updated = await stripe.subscriptions.update(id, { cancel_at_period_end: true });
    expect(updated.cancel_at_period_end).toBe(true);
    await controls.stripe.settle();
    expect((await deliveredEvents()).at(-1)!.type).toBe("customer.subscription.updated");
    const ended = await controls.stripe.renewSubscription(id);
    expect(ended.map((entry) => entry.event.type)).toEqual(["customer.subscription.deleted"]);

    const second = await planSession();
    const secondPaid = await controls.stripe.payCheckoutSession(second.id, { card: "4242424242424242" });
    const secondId = secondPaid.session.subscription!;
    expect((await stripe.subscriptions.cancel(secondId)).status).toBe("canceled");
    await controls.stripe.settle();
    expect((await deliveredEvents()).at(-1)!.type).toBe("customer.subscription.deleted");
  });

  it("fails the renewal of a card that needs 3-D Secure on every payment", async () => {
    const session = await planSession();
    const paid = await controls.stripe.payCheckoutSession(session.id, { card: "4000002760003184", threeDSecure: "complete" });
    const id = paid.session.subscription!;
    expect((await controls.stripe.renewSubscription(id)).map((entry) => entry.event.type)[0]).toBe("invoice.payment_failed");
  });
});

describe("refunds and events", () => {
  it("refunds a payment, raising charge.refunded, and refuses to refund more than is left", async () => {
    const session = await creditsSession();
    const paid = await controls.stripe.payCheckoutSession(session.id, { card: "4242424242424242" });
    const paymentIntent = paid.session.payment_intent!;
    const refund = await stripe.refunds.create({ payment_intent: paymentIntent, amount: 500 });
    expect(refund).toMatchObject({ object: "refund", amount: 500, status: "succeeded", payment_intent: paymentIntent });
    await controls.stripe.settle();
    const refunded = (await deliveredEvents()).at(-1)!;
    expect(refunded.type).toBe("charge.refunded");
    expect(refunded.data.object).toMatchObject({ amount_refunded: 500, refunded: false });
    await expect(stripe.refunds.create({ payment_intent: paymentIntent, amount: 800 })).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      code: "amount_too_large",
    });
  });

  it("answers an event by id, lists it, and redelivers it signed anew", async () => {
    const session = await creditsSession();
    await controls.stripe.payCheckoutSession(session.id, { card: "4242424242424242" });
    const [event] = await deliveredEvents();
    expect((await stripe.events.retrieve(event!.id)).type).toBe("checkout.session.completed");
    const listed = await controls.stripe.events("checkout.session.completed");
    expect(listed.map((entry) => entry.event.id)).toContain(event!.id);
    endpoint.answerWith(500);
    const again = await controls.stripe.redeliver(event!.id);
    expect(again.deliveries.map((delivery) => [delivery.attempt, delivery.status])).toEqual([[1, 200], [2, 500]]);
    const [redelivered] = (await deliveredEvents()).slice(-1);
    expect(redelivered!.id).toBe(event!.id);
  });

  it("tells where it delivers and with which secret", async () => {
    expect(await controls.stripe.webhookEndpoint()).toEqual({ url: `${endpoint.functionsUrl}/api/billing/webhooks/stripe`, secret });
  });
});

describe("keys and idempotency", () => {
  it("refuses a request without a secret test key", async () => {
    const anonymous = await fetch(`${fakes.stripeUrl}/v1/coupons`, { method: "POST", body: "percent_off=10" });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: { type: "invalid_request_error", message: expect.stringContaining("You did not provide an API key") } });
    await expect(clientFor("sk_live_123456789012").coupons.create({ percent_off: 10 })).rejects.toMatchObject({
      type: "StripeAuthenticationError",
    });
    await expect(clientFor("pk_test_123456789012").coupons.create({ percent_off: 10 })).rejects.toMatchObject({
      type: "StripeAuthenticationError",
    });
  });

  it("answers the same key and body with the same object, and refuses the key with another body", async () => {
    const first = await creditsSession();
    const key = `checkout-${first.id}`;
    const once = await stripe.checkout.sessions.create(
      { mode: "payment", line_items: [{ price_data: { currency: "usd", unit_amount: 3000, product_data: { name: "2,000 credits" } }, quantity: 1 }], success_url: "http://localhost/ok" },
      { idempotencyKey: key },
    );
    const twice = await stripe.checkout.sessions.create(
      { mode: "payment", line_items: [{ price_data: { currency: "usd", unit_amount: 3000, product_data: { name: "2,000 credits" } }, quantity: 1 }], success_url: "http://localhost/ok" },
      { idempotencyKey: key },
    );
    expect(twice.id).toBe(once.id);
    expect(twice.lastResponse.headers["idempotent-replayed"]).toBe("true");
    await expect(
      stripe.checkout.sessions.create(
        { mode: "payment", line_items: [{ price_data: { currency: "usd", unit_amount: 6700, product_data: { name: "5,000 credits" } }, quantity: 1 }], success_url: "http://localhost/ok" },
        { idempotencyKey: key },
      ),
    ).rejects.toMatchObject({ type: "StripeIdempotencyError" });
  });
});
