// Buying credits with PayPal against devstack's fake: an order created, approved by the buyer, captured once when they
// come back (or by the webhook when they don't), a declined capture, and PayPal's webhooks checked by asking PayPal.
import assert from "node:assert/strict";
import { paymentSchema } from "../../../_shared/billing/index.ts";
import { balancesOf, fakes, openOnly, paymentRow, startCheckout } from "../../testing/billing.ts";
import { assertError, call, signedInAdmin, signedInUser } from "../../testing/stack.ts";

const CREDITS_5000 = { itemId: "credits-5000", provider: "paypal" };

Deno.test("a PayPal order is approved, then captured once: 5,000 credits, however often it is captured", async () => {
  await openOnly("paypal");
  const user = await signedInUser();
  const { paymentId, reference: orderId, url } = await startCheckout(user.token, CREDITS_5000);
  assert.ok(url.includes(orderId), url);
  const approved = await fakes.paypal.approveOrder(orderId);
  assert.ok(approved.returnUrl?.includes("/account/billing?provider=paypal"), String(approved.returnUrl));

  const other = await signedInUser();
  assertError(await call("/api/billing/paypal/capture", { token: other.token, body: { orderId } }), 404, "Payment not found");
  const captured = await call("/api/billing/paypal/capture", { token: user.token, body: { orderId } });
  assert.equal(captured.status, 200, captured.text);
  assert.deepEqual(
    [paymentSchema.parse(captured.json).status, paymentSchema.parse(captured.json).creditsGranted],
    ["completed", 5000],
  );
  const again = await call("/api/billing/paypal/capture", { token: user.token, body: { orderId } });
  assert.equal(again.status, 200, again.text);
  await fakes.paypal.settle();
  for (const { event } of await fakes.paypal.events()) await fakes.paypal.redeliver(event.id);
  assert.equal((await balancesOf(user.id)).paid_credits, 5000);
  assert.equal((await paymentRow(paymentId)).status, "completed");
});

Deno.test("a declined capture fails the payment with a 402 and grants nothing", async () => {
  await openOnly("paypal");
  const user = await signedInUser();
  const { paymentId, reference: orderId } = await startCheckout(user.token, CREDITS_5000);
  await fakes.paypal.approveOrder(orderId, { declineCapture: true });
  assertError(
    await call("/api/billing/paypal/capture", { token: user.token, body: { orderId } }),
    402,
    "PayPal declined the payment, so nothing was charged. Please try again or choose another way to pay.",
  );
  assert.equal((await paymentRow(paymentId)).status, "failed");
  assert.equal((await balancesOf(user.id)).paid_credits, 0);
});

Deno.test("PayPal sells credit blocks only, and only while it is open", async () => {
  await openOnly("paypal");
  const user = await signedInUser();
  assertError(
    await call("/api/billing/checkout", { token: user.token, body: { itemId: "starter-monthly", provider: "paypal" } }),
    400,
    "PayPal takes one-time credit purchases only: plans are subscriptions, paid by card through Stripe.",
  );
  await openOnly("stripe");
  assertError(
    await call("/api/billing/checkout", { token: user.token, body: CREDITS_5000 }),
    409,
    "Payments by PayPal are not open yet. Please choose another way to pay.",
  );
});

Deno.test("PayPal's webhook never trusts its body; a refund through PayPal claws the credits back once", async () => {
  await openOnly("paypal");
  const user = await signedInUser();
  const { paymentId, reference: orderId } = await startCheckout(user.token, CREDITS_5000);
  // A forged "completed" event for a real but unpaid order: PayPal says it is not captured, so nothing is granted.
  const forged = {
    id: `WH-${crypto.randomUUID()}`,
    event_type: "PAYMENT.CAPTURE.COMPLETED",
    resource: { id: orderId, status: "COMPLETED", amount: { currency_code: "USD", value: "67.00" } },
  };
  const answered = await call("/api/billing/webhooks/paypal", { body: forged });
  assert.ok(answered.status === 404 || answered.status === 200, answered.text);
  const order = { ...forged, id: `WH-${crypto.randomUUID()}`, event_type: "CHECKOUT.ORDER.COMPLETED" };
  assert.equal((await call("/api/billing/webhooks/paypal", { body: order })).status, 200);
  assert.equal((await paymentRow(paymentId)).status, "pending");
  assert.equal((await balancesOf(user.id)).paid_credits, 0);
  assertError(
    await call("/api/billing/webhooks/paypal", { rawBody: "not json" }),
    400,
    "The webhook's body is not an event of this provider",
  );

  // Paid for real, then refunded by an admin through PayPal: PayPal's refund event finds it refunded already.
  await fakes.paypal.approveOrder(orderId);
  assert.equal((await call("/api/billing/paypal/capture", { token: user.token, body: { orderId } })).status, 200);
  assert.equal((await balancesOf(user.id)).paid_credits, 5000);
  const admin = await signedInAdmin();
  const refunded = await call(`/api/admin/payments/${paymentId}/refund`, { token: admin.token, body: {} });
  assert.equal(refunded.status, 200, refunded.text);
  await fakes.paypal.settle();
  const refundEvent = (await fakes.paypal.events("PAYMENT.CAPTURE.REFUNDED")).at(-1)!;
  assert.equal(refundEvent.deliveries.at(-1)!.status, 200, refundEvent.deliveries.at(-1)!.response);
  assert.equal((await paymentRow(paymentId)).status, "refunded");
  assert.equal((await balancesOf(user.id)).paid_credits, 0);
});
