// /api/account against the running stack: the usage answer and history agree with the ledger, profile edits follow the
// username rule, and deleting the account takes the person's data but leaves their payments on the books.
import assert from "node:assert/strict";
import { userSchema } from "../../../_shared/accounts/index.ts";
import { accountUsageSchema, usageHistorySchema } from "../../../_shared/contracts/billing.ts";
import { accountWithPassword, signIn } from "../../testing/admin.ts";
import { upload } from "../../testing/bulk.ts";
import { grantCredits, ledgerUnits } from "../../testing/credits.ts";
import { assertError, call, signedInUser, withDatabase } from "../../testing/stack.ts";

function validate(token: string) {
  return call("/api/validate-email", { body: { email: `a${crypto.randomUUID().slice(0, 8)}@mailscout-demo.test` }, token });
}

async function usageOf(token: string) {
  const answer = await call("/api/account/usage", { token });
  assert.equal(answer.status, 200, answer.text);
  return accountUsageSchema.parse(answer.json);
}

Deno.test("every account route answers 401 without a signed-in user", async () => {
  for (
    const [method, path, body] of [
      ["GET", "/api/account/usage", undefined],
      ["GET", "/api/account/usage/history", undefined],
      ["PATCH", "/api/account/profile", { firstName: "Ann" }],
      ["DELETE", "/api/account", { confirmUsername: "ann" }],
    ] as const
  ) {
    assertError(await call(path, { method, body }), 401, "Not authenticated");
    assertError(await call(path, { method, body, token: "not-a-token" }), 401, "Not authenticated");
  }
});

// Usage -------------------------------------------------------------------------------------------------------------

Deno.test("a new account is on a running trial with its allowances whole", async () => {
  const { token } = await signedInUser();
  const usage = await usageOf(token);
  assert.equal(usage.trial.status, "active");
  assert.equal(usage.trial.plan, "starter");
  assert.deepEqual(usage.trial.used, { validations: 0, bulkRows: 0, explorations: 0 });
  assert.deepEqual(usage.balances, { monthly: 0, trial: usage.trial.allowances.validations, granted: 0, paid: 0 });
  assert.equal(usage.available, usage.trial.allowances.validations);
  assert.equal(usage.subscription, null);
  const endsIn = Date.parse(usage.trial.endsAt!) - Date.now();
  assert.ok(endsIn > 13 * 86_400_000 && endsIn <= 14 * 86_400_000, usage.trial.endsAt!);
});

Deno.test("the usage answer and the history match the ledger: trial first, then granted credits", async () => {
  const user = await signedInUser();
  const before = await usageOf(user.token);
  const trialLeft = before.balances.trial;
  await grantCredits(user.id, 5);
  // Use the whole trial and two of the granted credits (the trial is drawn first).
  await withDatabase((sql) =>
    sql`update public.profiles set trial_single_validations_used = trial_single_validations_used + ${trialLeft - 1}
        where id = ${user.id}`
  );
  for (let n = 0; n < 3; n++) assert.equal((await validate(user.token)).status, 200);

  const usage = await usageOf(user.token);
  assert.deepEqual(usage.balances, { monthly: 0, trial: 0, granted: 3, paid: 0 });
  assert.equal(usage.available, 3);
  assert.equal(usage.trial.used.validations, before.trial.allowances.validations);
  assert.equal(await ledgerUnits(user.id, "validation"), 3);

  const history = await call("/api/account/usage/history?days=7", { token: user.token });
  assert.equal(history.status, 200, history.text);
  const today = new Date().toISOString().slice(0, 10);
  assert.deepEqual(usageHistorySchema.parse(history.json).rows, [
    { day: today, work: "validation", source: "granted", units: 2 },
    { day: today, work: "validation", source: "trial", units: 1 },
  ]);
});

Deno.test("the history's days are checked: a whole number from 1 to 366, 30 when absent", async () => {
  const { token } = await signedInUser();
  for (
    const [query, message] of [
      ["days=0", "days: days must be at least 1"],
      ["days=367", "days: days must be at most 366"],
      ["days=1.5", "days: days must be a whole number"],
      ["days=soon", "days: days must be a number"],
    ] as const
  ) assertError(await call(`/api/account/usage/history?${query}`, { token }), 400, message);
  const answer = await call("/api/account/usage/history", { token });
  assert.equal(answer.status, 200, answer.text);
  assert.deepEqual(usageHistorySchema.parse(answer.json), { rows: [] });
});

// The profile -------------------------------------------------------------------------------------------------------

Deno.test("a person edits their names and username; empty names are cleared", async () => {
  const account = await accountWithPassword();
  const username = `n_${crypto.randomUUID().slice(0, 8)}`;
  const edited = await call("/api/account/profile", {
    method: "PATCH",
    token: account.token,
    body: { firstName: "  Ann ", lastName: "Lee", username },
  });
  assert.equal(edited.status, 200, edited.text);
  const user = userSchema.parse(edited.json);
  assert.deepEqual([user.firstName, user.lastName, user.username], ["Ann", "Lee", username]);

  const cleared = userSchema.parse(
    (await call("/api/account/profile", { method: "PATCH", token: account.token, body: { lastName: "" } })).json,
  );
  assert.deepEqual([cleared.firstName, cleared.lastName], ["Ann", null]);
  assert.equal((await signIn({ ...account, username })).status, 200, "the new username signs in");
});

Deno.test("a username another account has, in any case, answers 409; one breaking the rule or no change 400", async () => {
  const taken = await accountWithPassword();
  const { token } = await signedInUser();
  const patch = (body: unknown) => call("/api/account/profile", { method: "PATCH", token, body });
  assertError(await patch({ username: taken.username.toUpperCase() }), 409, "username: This username is taken. Please choose another.");
  assertError(await patch({ username: "a@b" }), 400, 'username: Username can\'t contain "@"; sign in with your email address instead');
  assertError(await patch({ username: "ab" }), 400, "username: Username must be at least 3 characters");
  assertError(await patch({ firstName: "x".repeat(101) }), 400, "firstName: First name must be at most 100 characters");
  assertError(await patch({}), 400, "Nothing to change: send username, firstName or lastName");
  assertError(await patch({ isAdmin: true }), 400, "Nothing to change: send username, firstName or lastName");
});

// Deleting the account ----------------------------------------------------------------------------------------------

Deno.test("deleting the account needs the username typed again: a wrong one or none is 400 and changes nothing", async () => {
  const account = await accountWithPassword();
  const remove = (body: unknown) => call("/api/account", { method: "DELETE", token: account.token, body });
  assertError(
    await remove({ confirmUsername: `${account.username}x` }),
    400,
    "confirmUsername: Type your username exactly as it is to confirm deleting your account",
  );
  assertError(await remove({}), 400, "confirmUsername: confirmUsername is required");
  assert.equal((await signIn(account)).status, 200, "the account is still there");
});

Deno.test("a deleted account's personal data goes and it can't sign in; its payments and subscriptions stay, without it", async () => {
  const account = await accountWithPassword();
  assert.equal((await validate(account.token)).status, 200);
  // A job still waiting, whose unused units go back as it is deleted with the account.
  await upload(account.token, [{ email: "ann@mailscout-demo.test" }, { email: "bob@gmail.com" }]);
  const [paymentId, subscriptionId] = await withDatabase(async (sql) => {
    const [payment] = await sql`
      insert into public.payments (user_id, amount_cents, credits_granted, payment_method, status)
      values (${account.id}, 1200, 800, 'stripe', 'completed') returning id
    `;
    const [subscription] = await sql`
      insert into public.subscriptions (user_id, plan, billing_interval, provider_subscription_id, status)
      values (${account.id}, 'starter', 'monthly', ${`sub_${crypto.randomUUID()}`}, 'ended') returning id
    `;
    return [payment!.id as string, subscription!.id as string];
  });

  const deleted = await call("/api/account", {
    method: "DELETE",
    token: account.token,
    body: { confirmUsername: account.username.toUpperCase() },
  });
  assert.equal(deleted.status, 204, deleted.text);

  assertError(await signIn(account), 401, "Invalid credentials");
  await withDatabase(async (sql) => {
    const [left] = await sql`
      select (select count(*) from auth.users where id = ${account.id})::int as users,
             (select count(*) from public.profiles where id = ${account.id})::int as profiles,
             (select count(*) from public.validation_logs where user_id = ${account.id})::int as validations,
             (select count(*) from public.bulk_validation_sessions where user_id = ${account.id})::int as jobs,
             (select count(*) from public.usage_ledger where user_id = ${account.id})::int as ledger
    `;
    assert.deepEqual({ ...left }, { users: 0, profiles: 0, validations: 0, jobs: 0, ledger: 0 });
    const [payment] = await sql`select user_id, amount_cents from public.payments where id = ${paymentId}`;
    assert.deepEqual({ ...payment }, { user_id: null, amount_cents: "1200" });
    const [subscription] = await sql`select user_id from public.subscriptions where id = ${subscriptionId}`;
    assert.deepEqual({ ...subscription }, { user_id: null });
  });
  assert.equal(await ledgerUnits(account.id), 0);
});
