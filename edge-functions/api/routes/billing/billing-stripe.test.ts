// Buying with Stripe against devstack's fake: the catalogue, checkouts paid with test cards, the webhooks (redelivered,
// forged, replayed), subscriptions through their life, and refunds. Provider settings are global, so each test opens
// the providers it needs first (deno test runs these one at a time).
import assert from "node:assert/strict";
import {
  CATALOGUE,
  catalogueAnswerSchema,
  paymentSchema,
  subscriptionSchema,
} from "../../../_shared/billing/index.ts";
import { balancesOf, CARDS, fakes, openOnly, paymentRow, startCheckout } from "../../testing/billing.ts";
import { waitForMail } from "../../testing/mail.ts";
import { assertError, call, newSessionId, signedInAdmin, signedInUser, withDatabase } from "../../testing/stack.ts";

const CREDITS_800 = { itemId: "credits-800", provider: "stripe" };

async function emailOf(userId: string): Promise<string> {
  const [row] = await withDatabase((sql) => sql<{ email: string }[]>`select email from public.profiles where id = ${userId}`);
  return row!.email;
}

Deno.test("the catalogue lists every item at the server's prices and only the open providers", async () => {
  await openOnly();
  const closed = catalogueAnswerSchema.parse((await call("/api/billing/catalogue")).json);
  assert.deepEqual(closed.items, CATALOGUE);
  assert.deepEqual(closed.providers, []);
  assert.deepEqual(closed.planProviders, []);
  const amounts = Object.fromEntries(closed.items.map((item) => [item.id, item.amountCents]));
  assert.deepEqual(amounts, {
    "credits-800": 1200,
    "credits-2000": 3000,
    "credits-5000": 6700,
    "credits-10000": 12000,
    "starter-monthly": 1900,
    "starter-yearly": 17100,
    "professional-monthly": 6900,
    "professional-yearly": 62100,
    "business-monthly": 16900,
    "business-yearly": 152100,
  });

  await openOnly("stripe", "venmo");
  const open = catalogueAnswerSchema.parse((await call("/api/billing/catalogue")).json);
  assert.deepEqual(open.providers, ["stripe", "venmo"]);
  assert.deepEqual(open.planProviders, ["stripe"]);
});

Deno.test("a provider that is not open is refused, and nothing is opened", async () => {
  await openOnly("paypal");
  const user = await signedInUser();
  assertError(
    await call("/api/billing/checkout", { token: user.token, body: CREDITS_800 }),
    409,
    "Payments by Stripe are not open yet. Please choose another way to pay.",
  );
  const [opened] = await withDatabase((sql) => sql<{ count: number }[]>`
    select count(*)::integer as count from public.payments where user_id = ${user.id}
  `);
  assert.equal(opened!.count, 0);
  assertError(await call("/api/billing/checkout", { body: CREDITS_800 }), 401, "Not authenticated");
  assertError(
    await call("/api/billing/checkout", { token: user.token, body: { itemId: "credits-801", provider: "stripe" } }),
    400,
    "itemId: itemId must be one of credits-800, credits-2000, credits-5000, credits-10000, starter-monthly, " +
      "starter-yearly, professional-monthly, professional-yearly, business-monthly, business-yearly",
  );
});

Deno.test("800 credits paid by card add 800 paid credits once, though the webhook is delivered again", async () => {
  await openOnly("stripe");
  const user = await signedInUser();
  const before = (await balancesOf(user.id)).paid_credits;
  const { paymentId, reference, url } = await startCheckout(user.token, CREDITS_800);
  assert.ok(url.startsWith("http"), url);
  assert.equal((await paymentRow(paymentId)).status, "pending");

  const paid = await fakes.stripe.payCheckoutSession(reference, { card: CARDS.succeeds });
  assert.equal(paid.outcome, "succeeded");
  if (paid.outcome !== "succeeded") return;
  const completed = paid.events.find(({ event }) => event.type === "checkout.session.completed")!;
  assert.deepEqual(completed.deliveries.map((delivery) => delivery.status), [200]);
  assert.equal((await balancesOf(user.id)).paid_credits, before + 800);
  const row = await paymentRow(paymentId);
  assert.equal(row.status, "completed");
  assert.match(row.provider_reference!, /^pi_/);

  const again = await fakes.stripe.redeliver(completed.event.id);
  assert.equal(again.deliveries.at(-1)!.status, 200);
  assert.match(again.deliveries.at(-1)!.response, /"handled":false/);
  assert.equal((await balancesOf(user.id)).paid_credits, before + 800);

  const receipt = await waitForMail(await emailOf(user.id), (mail) => mail.subject === "Your MailScout receipt: 800 credits");
  assert.match(receipt.text, /Amount: \$12\.00/);
  const history = await call("/api/billing/payments", { token: user.token });
  assert.equal(history.status, 200, history.text);
  const [payment] = (history.json as { payments: unknown[] }).payments.map((item) => paymentSchema.parse(item));
  assert.deepEqual(
    [payment!.id, payment!.status, payment!.amountCents, payment!.creditsGranted, payment!.refundable],
    [paymentId, "completed", 1200, 800, true],
  );
});

Deno.test("a declined card grants nothing and leaves the checkout payable; 3-D Secure pays once authenticated", async () => {
  await openOnly("stripe");
  const user = await signedInUser();
  const { paymentId, reference } = await startCheckout(user.token, { itemId: "credits-2000", provider: "stripe" });
  const declined = await fakes.stripe.payCheckoutSession(reference, { card: CARDS.declined });
  assert.equal(declined.outcome, "declined");
  const waiting = await fakes.stripe.payCheckoutSession(reference, { card: CARDS.threeDSecure });
  assert.equal(waiting.outcome, "requires_action");
  await fakes.stripe.settle();
  assert.equal((await paymentRow(paymentId)).status, "pending");
  assert.equal((await balancesOf(user.id)).paid_credits, 0);

  const failed = await fakes.stripe.payCheckoutSession(reference, { card: CARDS.threeDSecure, threeDSecure: "fail" });
  assert.notEqual(failed.outcome, "succeeded");
  assert.equal((await balancesOf(user.id)).paid_credits, 0);
  const authenticated = await fakes.stripe.payCheckoutSession(reference, { card: CARDS.threeDSecure, threeDSecure: "complete" });
  assert.equal(authenticated.outcome, "succeeded");
  assert.equal((await balancesOf(user.id)).paid_credits, 2000);
  assert.equal((await paymentRow(paymentId)).status, "completed");
});

Deno.test("a forged webhook is refused, a replayed one does nothing, unknown types are acknowledged", async () => {
  await openOnly("stripe");
  const user = await signedInUser();
  const { reference } = await startCheckout(user.token, CREDITS_800);
  const paid = await fakes.stripe.payCheckoutSession(reference, { card: CARDS.succeeds });
  assert.equal(paid.outcome, "succeeded");
  if (paid.outcome !== "succeeded") return;
  const completed = paid.events.find(({ event }) => event.type === "checkout.session.completed")!;
  const body = JSON.stringify(completed.event);
  const timestamp = Math.floor(Date.now() / 1000);
  const forged = `t=${timestamp},v1=${"ab".repeat(32)}`;
  assertError(
    await call("/api/billing/webhooks/stripe", { rawBody: body, headers: { "stripe-signature": forged } }),
    400,
    "The webhook's signature is not valid",
  );
  assertError(await call("/api/billing/webhooks/stripe", { rawBody: body }), 400, "The webhook's signature is not valid");
  // The same event, signed anew by Stripe: recorded already, so nothing more is granted.
  await fakes.stripe.redeliver(completed.event.id);
  await fakes.stripe.redeliver(completed.event.id);
  assert.equal((await balancesOf(user.id)).paid_credits, 800);
  const ignored = (await fakes.stripe.events()).find(({ event }) => event.type === "payment_intent.succeeded");
  if (ignored) assert.match((await fakes.stripe.redeliver(ignored.event.id)).deliveries.at(-1)!.response, /"received":true/);
});

Deno.test("Stripe's webhooks answer 400 until the signing secret is set", async () => {
  const admin = await signedInAdmin();
  const saved = await call("/api/payment-config/stripe", {
    token: admin.token,
    body: { publishableKey: "pk_test_BillingApiTests01", secretKey: "sk_test_BillingApiTests01", isActive: true },
  });
  assert.equal(saved.status, 200, saved.text);
  assertError(
    await call("/api/billing/webhooks/stripe", { rawBody: "{}", headers: { "stripe-signature": "t=1,v1=00" } }),
    400,
    "Stripe's webhook signing secret is not set up yet",
  );
});

async function subscribe(token: string, itemId: string, discountCode?: string) {
  const { paymentId, reference } = await startCheckout(token, { itemId, provider: "stripe", discountCode });
  const paid = await fakes.stripe.payCheckoutSession(reference, { card: CARDS.succeeds });
  assert.equal(paid.outcome, "succeeded");
  const subscription = await withDatabase((sql) => sql<{ provider_subscription_id: string; status: string }[]>`
    select s.provider_subscription_id, s.status from public.subscriptions as s
    join public.payments as pay on pay.subscription_id = s.id where pay.id = ${paymentId}
  `);
  assert.equal(subscription.length, 1, "the payment started a subscription");
  return { paymentId, subscriptionId: subscription[0]!.provider_subscription_id };
}

Deno.test("a plan's subscription starts, renews with a fresh allowance, goes past due, and ends on the free plan", async () => {
  await openOnly("stripe");
  const user = await signedInUser();
  const { paymentId, subscriptionId } = await subscribe(user.token, "starter-monthly");
  assert.equal((await paymentRow(paymentId)).status, "completed");
  assert.equal((await balancesOf(user.id)).subscription_status, "starter");
  const current = subscriptionSchema.parse((await call("/api/billing/subscription", { token: user.token })).json);
  assert.deepEqual([current.plan, current.interval, current.status, current.cancelAtPeriodEnd], [
    "starter",
    "monthly",
    "active",
    false,
  ]);

  const renewal = await fakes.stripe.renewSubscription(subscriptionId);
  const invoice = renewal.find(({ event }) => event.type === "invoice.paid")!.event.data.object as unknown as {
    id: string;
    lines: { data: { period: { start: number } }[] };
  };
  const [renewed] = await withDatabase((sql) => sql<{ allowance_anchor: Date; status: string; paid: number }[]>`
    select s.allowance_anchor, s.status,
      (select count(*)::integer from public.payments as pay where pay.provider_reference = ${invoice.id}
        and pay.status = 'completed') as paid
    from public.subscriptions as s where s.provider_subscription_id = ${subscriptionId}
  `);
  assert.equal(renewed!.paid, 1);
  assert.equal(renewed!.allowance_anchor.getTime(), invoice.lines.data[0]!.period.start * 1000);

  await fakes.stripe.failRenewal(subscriptionId);
  const pastDue = subscriptionSchema.parse((await call("/api/billing/subscription", { token: user.token })).json);
  assert.equal(pastDue.status, "past_due");
  assert.ok(pastDue.graceEndsAt);

  const cancelled = await call("/api/billing/subscription/cancel", { token: user.token, body: {} });
  assert.equal(cancelled.status, 200, cancelled.text);
  assert.equal(subscriptionSchema.parse(cancelled.json).cancelAtPeriodEnd, true);
  await fakes.stripe.renewSubscription(subscriptionId);
  await fakes.stripe.renewSubscription(subscriptionId);
  assert.equal((await balancesOf(user.id)).subscription_status, "free");
  assert.equal((await call("/api/billing/subscription", { token: user.token })).json, null);
  assertError(
    await call("/api/billing/subscription/cancel", { token: user.token, body: {} }),
    404,
    "You have no active subscription",
  );
});

Deno.test("an admin's refund gives the money back through Stripe and claws back the unused credits", async () => {
  await openOnly("stripe");
  const admin = await signedInAdmin();
  const user = await signedInUser();
  const { paymentId, reference } = await startCheckout(user.token, CREDITS_800);
  await fakes.stripe.payCheckoutSession(reference, { card: CARDS.succeeds });
  await withDatabase((sql) => sql`update public.profiles set paid_credits = paid_credits - 300 where id = ${user.id}`);

  assertError(await call(`/api/admin/payments/${paymentId}/refund`, { token: user.token, body: {} }), 403, "Admin access required");
  const refunded = await call(`/api/admin/payments/${paymentId}/refund`, { token: admin.token, body: {} });
  assert.equal(refunded.status, 200, refunded.text);
  assert.equal(paymentSchema.parse(refunded.json).status, "refunded");
  await fakes.stripe.settle();
  assert.equal((await balancesOf(user.id)).paid_credits, 0);
  const charge = (await fakes.stripe.events("charge.refunded")).at(-1)!;
  assert.equal(charge.deliveries.at(-1)!.status, 200);
  const again = await call(`/api/admin/payments/${paymentId}/refund`, { token: admin.token, body: {} });
  assert.equal(again.status, 200, again.text);
  const [row] = await withDatabase((sql) => sql<{ clawed: number }[]>`
    select credits_clawed_back as clawed from public.payments where id = ${paymentId}
  `);
  assert.equal(row!.clawed, 500);
});

Deno.test("a plan's first payment and a renewal are refunded through the charges of their checkout and invoice", async () => {
  await openOnly("stripe");
  const admin = await signedInAdmin();
  const user = await signedInUser();
  const { paymentId, subscriptionId } = await subscribe(user.token, "starter-monthly");
  const renewal = await fakes.stripe.renewSubscription(subscriptionId);
  const invoiceId = (renewal.find(({ event }) => event.type === "invoice.paid")!.event.data.object as { id: string }).id;
  const [renewed] = await withDatabase((sql) => sql<{ id: string }[]>`
    select id from public.payments where provider_reference = ${invoiceId}
  `);

  const refundsBefore = (await fakes.stripe.events("charge.refunded")).length;
  for (const refundedId of [paymentId, renewed!.id]) {
    const refunded = await call(`/api/admin/payments/${refundedId}/refund`, { token: admin.token, body: {} });
    assert.equal(refunded.status, 200, refunded.text);
    assert.equal(paymentSchema.parse(refunded.json).status, "refunded");
  }
  await fakes.stripe.settle();
  const refunds = await fakes.stripe.events("charge.refunded");
  assert.equal(refunds.length, refundsBefore + 2, "Stripe refunded both charges");
  assert.equal(refunds.at(-1)!.deliveries.at(-1)!.status, 200);
});

Deno.test("a discount code is for a plan's first month, once", async () => {
  await openOnly("stripe");
  const user = await signedInUser();
  const code = `MS-${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
  await withDatabase((sql) => sql`
    insert into public.anonymous_sessions (session_id, discount_code, discount_expiry)
    values (${newSessionId()}, ${code}, now() + interval '1 hour')
  `);
  assertError(
    await call("/api/billing/checkout", { token: user.token, body: { ...CREDITS_800, discountCode: code } }),
    400,
    "A discount code applies to a plan's first month, not to credit blocks",
  );
  assertError(
    await call("/api/billing/checkout", {
      token: user.token,
      body: { itemId: "starter-monthly", provider: "stripe", discountCode: "MS-NOSUCHCODE" },
    }),
    400,
    "This discount code is not valid",
  );
  const { paymentId } = await startCheckout(user.token, { itemId: "starter-monthly", provider: "stripe", discountCode: code });
  assert.equal((await paymentRow(paymentId)).amount_cents, 1520);
  assertError(
    await call("/api/billing/checkout", {
      token: user.token,
      body: { itemId: "starter-monthly", provider: "stripe", discountCode: code },
    }),
    410,
    "This session's discount code has already been used",
  );
});
