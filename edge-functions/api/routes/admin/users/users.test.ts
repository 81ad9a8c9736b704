// The users tab against the running stack: the list, the drawer and each action, with its effect on the user's next
// request. Visitors and users are refused by the guard (lib/require-admin.test.ts calls every admin route as both).
import assert from "node:assert/strict";
import {
  adminUserAnswerSchema,
  adminUsersPageSchema,
  auditPageSchema,
  creditGrantsPageSchema,
} from "../../../../_shared/admin/index.ts";
import { accountWithPassword, signIn, userAsAdminSees } from "../../../testing/admin.ts";
import { assertError, call, signedInAdmin, signedInUser, withDatabase } from "../../../testing/stack.ts";

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

Deno.test("the list finds a user by part of their username or email, in any case, with their balances", async () => {
  const admin = await signedInAdmin();
  const user = await accountWithPassword();
  for (const search of [user.username.slice(2, 14).toUpperCase(), `${user.username}@EXAMPLE`]) {
    const response = await call(`/api/admin/users?search=${encodeURIComponent(search)}`, { token: admin.token });
    assert.equal(response.status, 200, response.text);
    const page = adminUsersPageSchema.parse(response.json);
    assert.deepEqual(page.users.map((row) => row.id), [user.id], search);
    assert.equal(page.total, 1);
    assert.deepEqual(page.users[0]!.balances, { freeValidationsUsed: 0, grantedCredits: 0, paidCredits: 0 });
  }
});

Deno.test("the list pages, filters and sorts; a bad parameter answers 400 naming it", async () => {
  const admin = await signedInAdmin();
  const page = adminUsersPageSchema.parse(
    (await call("/api/admin/users?filter=admin&sort=email&order=asc&pageSize=2&page=1", { token: admin.token })).json,
  );
  assert.ok(page.users.length <= 2 && page.total >= 2, JSON.stringify(page));
  assert.ok(page.users.every((row) => row.isAdmin));
  assert.equal(page.pageSize, 2);
  for (
    const [query, message] of [
      ["pageSize=101", "pageSize: pageSize must be at most 100"],
      ["page=0", "page: page must be 1 or more"],
      ["filter=banned", "filter: filter must be one of admin, throttled, suspended"],
      ["sort=username", "sort: sort must be one of createdAt, email, lastActiveAt, validationCount"],
      ["plan=gold", "plan: plan must be one of free, starter, professional, business"],
    ] as const
  ) assertError(await call(`/api/admin/users?${query}`, { token: admin.token }), 400, message);
});

Deno.test("the drawer answers a user's profile, usage, grants and activity; an unknown id answers 404", async () => {
  const admin = await signedInAdmin();
  const user = await signedInUser();
  const detail = await userAsAdminSees(admin.token, user.id);
  assert.equal(detail.user.id, user.id);
  assert.deepEqual(detail.grants, []);
  for (const id of [crypto.randomUUID(), "not-a-uuid", "1"]) {
    assertError(await call(`/api/admin/users/${id}`, { token: admin.token }), 404, "User not found");
  }
});

Deno.test("granted credits add to the balance, appear in the grants and the audit log, and are revoked while unspent", async () => {
  const admin = await signedInAdmin();
  const user = await signedInUser();
  const response = await call(`/api/admin/users/${user.id}/credits`, {
    token: admin.token,
    body: { amount: 250, grantType: "compensation", reason: "Outage on Monday", expiresAt: inAnHour() },
  });
  assert.equal(response.status, 201, response.text);
  assert.equal(adminUserAnswerSchema.parse(response.json).user.balances.grantedCredits, 250);

  const grants = creditGrantsPageSchema.parse(
    (await call(`/api/admin/credit-grants?userId=${user.id}`, { token: admin.token })).json,
  );
  assert.equal(grants.grants.length, 1);
  const [grant] = grants.grants;
  assert.deepEqual(
    [grant!.amount, grant!.grantType, grant!.reason, grant!.grantedBy, grant!.isActive],
    [250, "compensation", "Outage on Monday", admin.id, true],
  );
  const audit = auditPageSchema.parse((await call("/api/admin/audit-log", { token: admin.token })).json);
  assert.ok(audit.entries.some((entry) => entry.action === "credits.granted" && entry.actorId === admin.id));

  const revoked = await call(`/api/admin/credit-grants/${grant!.id}`, { method: "DELETE", token: admin.token });
  assert.equal(revoked.status, 200, revoked.text);
  assert.equal((await userAsAdminSees(admin.token, user.id)).user.balances.grantedCredits, 0);
  assertError(
    await call(`/api/admin/credit-grants/${grant!.id}`, { method: "DELETE", token: admin.token }),
    409,
    "This grant is already revoked or expired",
  );
  for (const id of ["999999999", "abc"]) {
    assertError(await call(`/api/admin/credit-grants/${id}`, { method: "DELETE", token: admin.token }), 404, "Credit grant not found");
  }
});

Deno.test("a grant with some credits spent can't be revoked", async () => {
  const admin = await signedInAdmin();
  const user = await signedInUser();
  await call(`/api/admin/users/${user.id}/credits`, {
    token: admin.token,
    body: { amount: 10, grantType: "bonus", reason: "Welcome" },
  });
  const [grant] = await withDatabase((sql) =>
    sql<{ id: number }[]>`update public.credit_grants set credits_used = 1 where user_id = ${user.id} returning id::int`
  );
  assertError(
    await call(`/api/admin/credit-grants/${grant!.id}`, { method: "DELETE", token: admin.token }),
    409,
    "Some of this grant's credits are spent, so it can't be revoked",
  );
});

Deno.test("twenty grants at once add up exactly", async () => {
  const admin = await signedInAdmin();
  const user = await signedInUser();
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, index) =>
      call(`/api/admin/users/${user.id}/credits`, {
        token: admin.token,
        body: { amount: index + 1, grantType: "promotional", reason: `Grant ${index + 1}` },
      })),
  );
  assert.deepEqual(answers.map((answer) => answer.status), Array(20).fill(201), answers.map((a) => a.text).join("\n"));
  assert.equal((await userAsAdminSees(admin.token, user.id)).user.balances.grantedCredits, 210);
});

Deno.test("a grant that breaks a rule answers 400 naming the field", async () => {
  const admin = await signedInAdmin();
  const user = await signedInUser();
  const valid = { amount: 5, grantType: "bonus", reason: "Thanks" };
  for (
    const [change, message] of [
      [{ amount: 0 }, "amount: Amount must be at least 1"],
      [{ amount: 1_000_001 }, "amount: Amount must be at most 1,000,000"],
      [{ grantType: "gift" }, "grantType: grantType must be one of bonus, compensation, promotional, trial_extension"],
      [{ reason: "  " }, "reason: Reason is required"],
      [{ expiresAt: "2020-01-01T00:00:00Z" }, "expiresAt: expiresAt must be in the future"],
    ] as const
  ) {
    assertError(
      await call(`/api/admin/users/${user.id}/credits`, { token: admin.token, body: { ...valid, ...change } }),
      400,
      message,
    );
  }
  assertError(
    await call(`/api/admin/users/${crypto.randomUUID()}/credits`, { token: admin.token, body: valid }),
    404,
    "User not found",
  );
});

Deno.test("a throttle applies from the user's very next request, and lifting it too", async () => {
  const admin = await signedInAdmin();
  const user = await signedInUser();
  assert.equal((await call("/api/user", { token: user.token })).status, 200);
  const throttle = (body: object) => call(`/api/admin/users/${user.id}/throttle`, { method: "PATCH", token: admin.token, body });

  const paused = await throttle({ throttleEnabled: true, maxRequestsPerMinute: 10, currentThrottleLevel: 0 });
  assert.equal(paused.status, 200, paused.text);
  assert.deepEqual(adminUserAnswerSchema.parse(paused.json).user.throttle, {
    throttleEnabled: true,
    maxRequestsPerMinute: 10,
    currentThrottleLevel: 0,
  });
  const refused = await call("/api/user", { token: user.token });
  assertError(refused, 429, "Requests from your account are paused. Please try again in 1 minute.");

  await throttle({ throttleEnabled: false, maxRequestsPerMinute: 10, currentThrottleLevel: 100 });
  assert.equal((await call("/api/user", { token: user.token })).status, 200);
  assertError(
    await throttle({ throttleEnabled: true, maxRequestsPerMinute: 10, currentThrottleLevel: 101 }),
    400,
    "currentThrottleLevel: Throttle level must be between 0 and 100",
  );
});

Deno.test("a suspension refuses the user's next request and their sign-in; lifting it lets them back", async () => {
  const admin = await signedInAdmin();
  const user = await accountWithPassword();
  const until = new Date(Date.now() + 2 * 3_600_000);
  until.setUTCSeconds(0, 0);
  const suspended = await call(`/api/admin/users/${user.id}/suspension`, {
    token: admin.token,
    body: { until: until.toISOString(), reason: "Abuse report" },
  });
  assert.equal(suspended.status, 200, suspended.text);
  assert.equal(adminUserAnswerSchema.parse(suspended.json).user.suspensionReason, "Abuse report");

  const message = `Your account is suspended until ${until.toISOString().slice(0, 16).replace("T", " ")} UTC: Abuse report`;
  assertError(await call("/api/user", { token: user.token }), 403, message);
  assertError(await signIn(user), 403, message);

  const lifted = await call(`/api/admin/users/${user.id}/suspension`, { method: "DELETE", token: admin.token });
  assert.equal(lifted.status, 200, lifted.text);
  assert.equal(adminUserAnswerSchema.parse(lifted.json).user.suspendedUntil, null);
  assert.equal((await call("/api/user", { token: user.token })).status, 200);
  assert.equal((await signIn(user)).status, 200);
});

Deno.test("an admin can't suspend themselves, nor suspend until a past time", async () => {
  const admin = await signedInAdmin();
  assertError(
    await call(`/api/admin/users/${admin.id}/suspension`, { token: admin.token, body: { until: inAnHour(), reason: "x" } }),
    409,
    "You can't suspend yourself",
  );
  const user = await signedInUser();
  assertError(
    await call(`/api/admin/users/${user.id}/suspension`, {
      token: admin.token,
      body: { until: "2020-01-01T00:00:00Z", reason: "x" },
    }),
    400,
    "until: until must be in the future",
  );
});

Deno.test("making an admin and revoking it is audited; an admin can't revoke their own flag", async () => {
  const admin = await signedInAdmin();
  const user = await signedInUser();
  const made = await call(`/api/admin/users/${user.id}`, { method: "PATCH", token: admin.token, body: { isAdmin: true } });
  assert.equal(adminUserAnswerSchema.parse(made.json).user.isAdmin, true);
  // The new admin reaches the admin area at once.
  assert.equal((await call("/api/admin/lifetime-stats", { token: user.token })).status, 200);
  const revoked = await call(`/api/admin/users/${user.id}`, { method: "PATCH", token: admin.token, body: { isAdmin: false } });
  assert.equal(adminUserAnswerSchema.parse(revoked.json).user.isAdmin, false);
  assert.equal((await call("/api/admin/lifetime-stats", { token: user.token })).status, 403);

  const audit = auditPageSchema.parse((await call("/api/admin/audit-log", { token: admin.token })).json);
  const actions = audit.entries.filter((entry) => entry.targetId === user.id).map((entry) => entry.action);
  assert.deepEqual(actions, ["user.admin_revoked", "user.admin_granted"]);

  assertError(
    await call(`/api/admin/users/${admin.id}`, { method: "PATCH", token: admin.token, body: { isAdmin: false } }),
    409,
    "You can't revoke your own admin rights",
  );
  assertError(
    await call(`/api/admin/users/${user.id}`, { method: "PATCH", token: admin.token, body: { isAdmin: "no" } }),
    400,
    "isAdmin: isAdmin must be true or false",
  );
});

Deno.test("two last admins revoking each other at once leave one admin: the other is refused", async () => {
  const first = await signedInAdmin();
  const second = await signedInAdmin();
  // Every other admin set aside for the test, so these two are the last.
  const others = await withDatabase((sql) =>
    sql<{ id: string }[]>`
      update public.profiles set is_admin = false
      where is_admin and id not in (${first.id}, ${second.id}) returning id
    `
  );
  try {
    const answers = await Promise.all([
      call(`/api/admin/users/${second.id}`, { method: "PATCH", token: first.token, body: { isAdmin: false } }),
      call(`/api/admin/users/${first.id}`, { method: "PATCH", token: second.token, body: { isAdmin: false } }),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    // The loser either finds itself the last admin (409) or already revoked (403), depending on when it asked.
    assert.ok(
      JSON.stringify(statuses) === "[200,409]" || JSON.stringify(statuses) === "[200,403]",
      answers.map((answer) => `${answer.status} ${answer.text}`).join("\n"),
    );
    const loser = answers.find((answer) => answer.status === 409);
    if (loser) assertError(loser, 409, "This is the last admin: make someone else an admin first");
    const [admins] = await withDatabase((sql) =>
      sql<{ n: number }[]>`select count(*)::int as n from public.profiles where id in (${first.id}, ${second.id}) and is_admin`
    );
    assert.equal(admins!.n, 1);
  } finally {
    await withDatabase((sql) =>
      sql`update public.profiles set is_admin = true where id = any(${others.map((row) => row.id)}::uuid[])`
    );
  }
});
