// The finances tab against the running stack: payments newest first, a page at a time, with the payer's address.
// Visitors and users are refused by the guard (lib/require-admin.test.ts calls every admin route as both).
import assert from "node:assert/strict";
import { adminPaymentsPageSchema, RECENT_PAYMENTS } from "../../../../_shared/admin/index.ts";
import { assertError, call, signedInAdmin, signedInUser, withDatabase } from "../../../testing/stack.ts";

Deno.test("payments list newest first with the payer's address; the first page holds ten", async () => {
  const admin = await signedInAdmin();
  const user = await signedInUser();
  await withDatabase((sql) =>
    sql`
      insert into public.payments (user_id, amount_cents, credits_granted, payment_method, status, created_at)
      select ${user.id}, 100 * n, n, 'paypal', 'completed', now() + n * interval '1 second'
      from generate_series(1, 12) as n
    `
  );
  const response = await call("/api/admin/payments", { token: admin.token });
  assert.equal(response.status, 200, response.text);
  const page = adminPaymentsPageSchema.parse(response.json);
  assert.equal(page.payments.length, RECENT_PAYMENTS);
  assert.ok(page.total >= 12);
  assert.deepEqual(
    page.payments.slice(0, 3).map((payment) => [payment.amount, payment.credits, payment.userId]),
    [[1200, 12, user.id], [1100, 11, user.id], [1000, 10, user.id]],
  );
  const [email] = await withDatabase((sql) => sql<{ email: string }[]>`select email from public.profiles where id = ${user.id}`);
  assert.equal(page.payments[0]!.userEmail, email!.email);

  const second = adminPaymentsPageSchema.parse((await call("/api/admin/payments?page=2&pageSize=5", { token: admin.token })).json);
  assert.deepEqual(second.payments.slice(0, 2).map((payment) => payment.amount), [700, 600]);
  assertError(await call("/api/admin/payments?pageSize=0", { token: admin.token }), 400, "pageSize: pageSize must be 1 or more");
});
