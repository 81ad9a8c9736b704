// Manual payments: the buyer reads whom to pay, submits the transaction's reference, and an admin verifies it (the
// credits added, a receipt mailed) or rejects it with a reason.
import assert from "node:assert/strict";
import { adminPaymentsPageSchema } from "../../../_shared/admin/index.ts";
import { manualInstructionsSchema, paymentSchema } from "../../../_shared/billing/index.ts";
import { balancesOf, openOnly } from "../../testing/billing.ts";
import { waitForMail } from "../../testing/mail.ts";
import { assertError, call, signedInAdmin, signedInUser, withDatabase } from "../../testing/stack.ts";

async function submit(token: string, reference: string, provider = "venmo", itemId = "credits-800") {
  return await call("/api/billing/manual-payments", { token, body: { provider, itemId, reference } });
}

Deno.test("the buyer sees whom to pay, for the open providers only", async () => {
  await openOnly("venmo", "crypto");
  const user = await signedInUser();
  const venmo = await call("/api/billing/manual-payments/instructions?provider=venmo", { token: user.token });
  assert.deepEqual(manualInstructionsSchema.parse(venmo.json), { provider: "venmo", username: "@mailscout-tests" });
  const crypto = await call("/api/billing/manual-payments/instructions?provider=crypto", { token: user.token });
  assert.deepEqual(manualInstructionsSchema.parse(crypto.json), {
    provider: "crypto",
    bitcoinAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
  });
  assertError(
    await call("/api/billing/manual-payments/instructions?provider=cashapp", { token: user.token }),
    409,
    "Payments by Cash App are not open yet. Please choose another way to pay.",
  );
  assertError(
    await call("/api/billing/manual-payments/instructions?provider=zelle", { token: user.token }),
    400,
    "provider: provider must be venmo, cashapp or crypto",
  );
});

Deno.test("a submitted payment waits for an admin, whose verification adds the credits and mails a receipt", async () => {
  await openOnly("venmo");
  const admin = await signedInAdmin();
  const user = await signedInUser();
  const reference = `VENMO-${crypto.randomUUID()}`;
  const submitted = await submit(user.token, reference);
  assert.equal(submitted.status, 201, submitted.text);
  const payment = paymentSchema.parse(submitted.json);
  assert.deepEqual([payment.status, payment.amountCents, payment.creditsGranted, payment.reference], [
    "pending",
    1200,
    800,
    reference,
  ]);
  assertError(await submit(user.token, reference), 409, "This transaction reference has already been submitted");
  assertError(
    await submit(user.token, `X-${reference}`, "venmo", "starter-monthly"),
    400,
    "Venmo takes one-time credit purchases only: plans are subscriptions, paid by card through Stripe.",
  );

  const queue = adminPaymentsPageSchema.parse(
    (await call("/api/admin/payments?status=pending&pageSize=100", { token: admin.token })).json,
  );
  assert.ok(queue.payments.some((row) => row.id === payment.id && row.reference === reference));

  assertError(await call(`/api/admin/payments/${payment.id}/verify`, { token: user.token, body: {} }), 403, "Admin access required");
  const verified = await call(`/api/admin/payments/${payment.id}/verify`, { token: admin.token, body: {} });
  assert.equal(verified.status, 200, verified.text);
  assert.equal(paymentSchema.parse(verified.json).status, "verified");
  assert.equal((await balancesOf(user.id)).paid_credits, 800);
  assertError(
    await call(`/api/admin/payments/${payment.id}/verify`, { token: admin.token, body: {} }),
    409,
    "This payment is no longer pending",
  );
  assert.equal((await balancesOf(user.id)).paid_credits, 800);
  const [profile] = await withDatabase((sql) => sql<{ email: string }[]>`
    select email from public.profiles where id = ${user.id}
  `);
  const receipt = await waitForMail(profile!.email, (mail) => mail.subject === "Your MailScout receipt: 800 credits");
  assert.match(receipt.text, /Paid with: Venmo/);

  const refundRequest = await call(`/api/billing/payments/${payment.id}/refund-request`, {
    token: user.token,
    body: { reason: "Bought by mistake" },
  });
  assert.equal(refundRequest.status, 200, refundRequest.text);
  assert.ok(paymentSchema.parse(refundRequest.json).refundRequestedAt);
  assertError(
    await call(`/api/billing/payments/${payment.id}/refund-request`, { token: user.token, body: { reason: "Again" } }),
    409,
    "A refund can be requested once, for your first payment, within 30 days of it",
  );
  const asked = adminPaymentsPageSchema.parse(
    (await call("/api/admin/payments?refundRequested=true&pageSize=100", { token: admin.token })).json,
  );
  assert.ok(asked.payments.some((row) => row.id === payment.id && row.refundRequestReason === "Bought by mistake"));
  const refunded = await call(`/api/admin/payments/${payment.id}/refund`, { token: admin.token, body: {} });
  assert.equal(refunded.status, 200, refunded.text);
  assert.equal((await balancesOf(user.id)).paid_credits, 0);
});

Deno.test("an admin rejects a payment with a reason the buyer reads; another user's payment is not found", async () => {
  await openOnly("cashapp");
  const admin = await signedInAdmin();
  const user = await signedInUser();
  const payment = paymentSchema.parse((await submit(user.token, `CASH-${crypto.randomUUID()}`, "cashapp")).json);
  assertError(await call(`/api/admin/payments/${payment.id}/reject`, { token: admin.token, body: {} }), 400, "reason: reason is required");
  const rejected = await call(`/api/admin/payments/${payment.id}/reject`, {
    token: admin.token,
    body: { reason: "No such payment arrived" },
  });
  assert.equal(rejected.status, 200, rejected.text);
  const mine = (await call("/api/billing/payments", { token: user.token })).json as { payments: unknown[] };
  const seen = paymentSchema.parse(mine.payments[0]);
  assert.deepEqual([seen.status, seen.rejectionReason], ["failed", "No such payment arrived"]);
  assert.equal((await balancesOf(user.id)).paid_credits, 0);

  const other = await signedInUser();
  assertError(
    await call(`/api/billing/payments/${payment.id}/refund-request`, { token: other.token, body: { reason: "Mine?" } }),
    404,
    "Payment not found",
  );
  assertError(await call("/api/admin/payments/not-a-uuid/verify", { token: admin.token, body: {} }), 404, "Payment not found");
  assertError(
    await call(`/api/admin/payments/${crypto.randomUUID()}/verify`, { token: admin.token, body: {} }),
    404,
    "Payment not found",
  );
});
