// /api/admin/api-keys against the running stack: admins see every user's keys with their owner and today's calls,
// search and filter them, see the busiest keys today, revoke any key (its owner is emailed once) and set a key's rate
// limit, each action audited; and the expiry notices worker emails an owner once before a key expires. Other tests
// make keys at the same time, so each test's key names carry a tag of its own and the lists are narrowed to it with q.
import assert from "node:assert/strict";
import { type AdminApiKey, adminApiKeyPageSchema, adminApiKeySchema } from "../../../../_shared/api-keys/index.ts";
import { ADMIN_ONLY_MESSAGE } from "../../../lib/require-admin.ts";
import { accountWithPassword } from "../../../testing/admin.ts";
import { createKey, setUsage } from "../../../testing/api-keys.ts";
import { runWorker } from "../../../testing/bulk.ts";
import { mailsTo, waitForMail } from "../../../testing/mail.ts";
import { assertError, call, gateway, signedInAdmin, signedInUser, withDatabase } from "../../../testing/stack.ts";

const admin = await signedInAdmin();
const UNKNOWN_KEY = "00000000-0000-4000-8000-000000000000";
const NOTICES_WORKER_URL = `${gateway}/functions/v1/api-key-notices-worker`;

function tag(): string {
  return `k${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
}

async function page(query: string) {
  const response = await call(`/api/admin/api-keys?${query}`, { token: admin.token });
  assert.equal(response.status, 200, response.text);
  return adminApiKeyPageSchema.parse(response.json);
}

async function act(path: string, init: { method?: string; body?: unknown } = {}): Promise<AdminApiKey> {
  const response = await call(`/api/admin/api-keys/${path}`, { method: "POST", ...init, token: admin.token });
  assert.equal(response.status, 200, response.text);
  return adminApiKeySchema.parse(response.json);
}

async function auditRows(keyId: string) {
  return await withDatabase((sql) => sql<{ action: string; actor_id: string; after: Record<string, unknown> }[]>`
    select action, actor_id, after from public.admin_audit_log where target_type = 'api_key' and target_id = ${keyId}
    order by id
  `);
}

Deno.test("the admin key routes answer a visitor 401 and a user who is not an admin 403", async () => {
  const user = await signedInUser();
  for (
    const [method, path, body] of [
      ["GET", "/api/admin/api-keys", undefined],
      ["POST", `/api/admin/api-keys/${UNKNOWN_KEY}/revoke`, undefined],
      ["PATCH", `/api/admin/api-keys/${UNKNOWN_KEY}`, { rateLimit: 10 }],
    ] as const
  ) {
    assertError(await call(path, { method, body }), 401, "Not authenticated");
    assertError(await call(path, { method, body, token: user.token }), 403, ADMIN_ONLY_MESSAGE);
  }
});

Deno.test("the list: every user's keys with owner and today's calls, newest first, searched, filtered, paged", async () => {
  const t = tag();
  const owner = await accountWithPassword();
  const other = await accountWithPassword();
  await withDatabase((sql) => sql`update public.profiles set first_name = 'Ada', last_name = 'Keys' where id = ${owner.id}`);
  const { key: first } = await createKey(owner, { keyName: `${t} first` });
  const { key: revoked } = await createKey(owner, { keyName: `${t} revoked` });
  const { key: expired } = await createKey(other, { keyName: `${t} expired`, expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
  const { key: newest } = await createKey(other, { keyName: `${t} newest` });
  await call(`/api/api-keys/${revoked.id}`, { method: "DELETE", token: owner.token });
  await withDatabase((sql) => sql`update public.api_keys set expires_at = now() - interval '1 minute' where id = ${expired.id}`);
  await setUsage(first, owner.id, 0, { requests: 12, emails: 30, errors: 2 });
  await setUsage(first, owner.id, 1, { requests: 500, emails: 500, errors: 0 });

  const all = await page(`q=${t}`);
  assert.equal(all.total, 4);
  assert.deepEqual(all.keys.map((k) => k.id), [newest.id, expired.id, revoked.id, first.id]);
  const firstRow = all.keys.find((k) => k.id === first.id)!;
  assert.deepEqual(firstRow.owner, { id: owner.id, email: `${owner.username}@example.com`, name: "Ada Keys" });
  assert.equal(firstRow.requestsToday, 12, "today's calls only");
  assert.equal(all.keys.find((k) => k.id === newest.id)!.owner.name, other.username, "no name given: the username");
  assert.deepEqual(all.keys.map((k) => k.status), ["active", "expired", "revoked", "active"]);

  assert.deepEqual((await page(`q=${t}&status=active`)).keys.map((k) => k.id), [newest.id, first.id]);
  assert.deepEqual((await page(`q=${t}&status=revoked`)).keys.map((k) => k.id), [revoked.id]);
  assert.deepEqual((await page(`q=${t}&status=expired`)).keys.map((k) => k.id), [expired.id]);
  // The owner's email and name find their keys; the prefix finds the one key.
  assert.deepEqual((await page(`q=${owner.username}`)).keys.map((k) => k.id), [revoked.id, first.id]);
  assert.ok((await page(`q=${encodeURIComponent("Ada Keys")}`)).keys.some((k) => k.id === revoked.id));
  assert.deepEqual((await page(`q=${first.keyPrefix}`)).keys.map((k) => k.id), [first.id]);
  // A search's % and _ are literal.
  assert.equal((await page(`q=${t}%25`)).total, 0);
  const second = await page(`q=${t}&pageSize=3&page=2`);
  assert.deepEqual([second.total, second.page, second.pageSize, second.keys.map((k) => k.id)], [4, 2, 3, [first.id]]);
  assert.equal((await call("/api/admin/api-keys?status=gone", { token: admin.token })).status, 400);
  for (
    const [query, message] of [
      ["pageSize=201", "pageSize: pageSize must be at most 200"],
      ["page=0", "page: page must be 1 or more"],
    ]
  ) {
    assertError(await call(`/api/admin/api-keys?${query}`, { token: admin.token }), 400, message!);
  }
});

Deno.test("topToday: the platform's busiest keys today, busiest first, at most 10", async () => {
  const t = tag();
  const owner = await signedInUser();
  const { key: busy } = await createKey(owner, { keyName: `${t} busy` });
  const { key: busier } = await createKey(owner, { keyName: `${t} busier` });
  const { key: yesterday } = await createKey(owner, { keyName: `${t} yesterday` });
  // Far above what any other test's calls make, so these lead the platform today.
  await setUsage(busy, owner.id, 0, { requests: 1_000_000_000, emails: 0, errors: 0 });
  await setUsage(busier, owner.id, 0, { requests: 1_000_000_001, emails: 0, errors: 0 });
  await setUsage(yesterday, owner.id, 1, { requests: 2_000_000_000, emails: 0, errors: 0 });
  const { topToday } = await page(`q=${t}`);
  assert.ok(topToday.length <= 10);
  assert.deepEqual(topToday.slice(0, 2).map((k) => [k.id, k.requestsToday]), [[busier.id, 1_000_000_001], [busy.id, 1_000_000_000]]);
  assert.ok(!topToday.some((k) => k.id === yesterday.id), "yesterday's calls do not count");
  assert.ok(topToday.every((k, i) => i === 0 || topToday[i - 1]!.requestsToday >= k.requestsToday));
  await withDatabase((sql) => sql`delete from public.api_key_usage where key_id in (${busy.id}, ${busier.id}, ${yesterday.id})`);
});

Deno.test("revoke: the key stops at once, audited; its owner is emailed once; again 200; unknown 404", async () => {
  const t = tag();
  const owner = await accountWithPassword();
  const email = `${owner.username}@example.com`;
  const { key } = await createKey(owner, { keyName: `${t} doomed` });
  const revoked = await act(`${key.id}/revoke`);
  assert.equal(revoked.status, "revoked");
  assert.ok(revoked.revokedAt);
  assert.equal(revoked.owner.id, owner.id);
  const mail = await waitForMail(email, (m) => m.subject === "Your MailScout API key was revoked");
  assert.match(mail.text, new RegExp(`"${t} doomed" \\(${key.keyPrefix}`));
  assert.match(mail.text, /\/account\/api-keys/);
  const [row] = await withDatabase((sql) => sql<{ revoked_by: string }[]>`select revoked_by from public.api_keys where id = ${key.id}`);
  assert.equal(row!.revoked_by, admin.id);
  const audit = await auditRows(key.id);
  assert.deepEqual(audit.map((r) => [r.action, r.actor_id]), [["api_key.revoked", admin.id]]);

  const again = await act(`${key.id}/revoke`);
  assert.equal(again.revokedAt, revoked.revokedAt, "revoking again changes nothing");
  assert.equal((await auditRows(key.id)).length, 1);
  // The owner sees it revoked, and was told once: the second revoke sent nothing (mails are sent before the answer).
  const listed = await call("/api/api-keys", { token: owner.token });
  assert.equal((listed.json as { status: string }[])[0]!.status, "revoked");
  assert.equal((await mailsTo(email)).filter((m) => m.subject === "Your MailScout API key was revoked").length, 1);

  // An admin who revokes their own key is not told what they did.
  const { key: own } = await createKey(admin, { keyName: `${t} own` });
  assert.equal((await act(`${own.id}/revoke`)).status, "revoked");
  const [adminProfile] = await withDatabase((sql) => sql<{ email: string }[]>`
    select email from public.profiles where id = ${admin.id}
  `);
  assert.deepEqual((await mailsTo(adminProfile!.email)).filter((m) => m.subject === "Your MailScout API key was revoked"), []);

  for (const id of [UNKNOWN_KEY, "nope"]) {
    assertError(await call(`/api/admin/api-keys/${id}/revoke`, { method: "POST", token: admin.token }), 404, "API key not found");
  }
});

Deno.test("rate limit: set from 1 to 6,000, audited; out of range 400; unknown 404", async () => {
  const owner = await signedInUser();
  const { key } = await createKey(owner, { keyName: `${tag()} limited` });
  const changed = await act(key.id, { method: "PATCH", body: { rateLimit: 600 } });
  assert.equal(changed.rateLimit, 600);
  const listed = await call("/api/api-keys", { token: owner.token });
  assert.equal((listed.json as { rateLimit: number }[])[0]!.rateLimit, 600, "the owner sees the new limit");
  assert.deepEqual((await auditRows(key.id)).map((r) => r.action), ["api_key.rate_limit_set"]);
  for (
    const [body, message] of [
      [{ rateLimit: 0 }, "rateLimit: rateLimit must be 1 or more"],
      [{ rateLimit: 6_001 }, "rateLimit: rateLimit must be at most 6000"],
      [{ rateLimit: 1.5 }, "rateLimit: rateLimit must be a whole number"],
      [{}, "rateLimit: rateLimit must be a number"],
    ] as const
  ) {
    assertError(await call(`/api/admin/api-keys/${key.id}`, { method: "PATCH", body, token: admin.token }), 400, message);
  }
  assert.equal((await act(key.id, { method: "PATCH", body: { rateLimit: 6_000 } })).rateLimit, 6_000);
  assertError(
    await call(`/api/admin/api-keys/${UNKNOWN_KEY}`, { method: "PATCH", body: { rateLimit: 5 }, token: admin.token }),
    404,
    "API key not found",
  );
});

Deno.test("the expiry notice: the owner of a key expiring within 7 days is emailed once by the notices worker", async () => {
  const refused = await fetch(NOTICES_WORKER_URL, { method: "POST", body: "{}" });
  assert.equal(refused.status, 401, await refused.text());
  const owner = await accountWithPassword();
  const email = `${owner.username}@example.com`;
  const t = tag();
  const { key: soon } = await createKey(owner, { keyName: `${t} soon`, expiresAt: new Date(Date.now() + 3 * 86_400_000).toISOString() });
  const { key: later } = await createKey(owner, { keyName: `${t} later`, expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString() });
  const { key: rotated } = await createKey(owner, { keyName: `${t} rotated`, expiresAt: new Date(Date.now() + 20 * 86_400_000).toISOString() });
  // A rotation's grace period is chosen by the owner: the old key is not noticed, its successor (20 days) not yet.
  await call(`/api/api-keys/${rotated.id}/rotate`, { token: owner.token, body: { graceHours: 48 } });

  // Another run (the daily schedule's) may send it first: the mail is what counts, and that it comes once.
  const summary = await runWorker(NOTICES_WORKER_URL);
  assert.equal(summary.kickedSuccessor, false, JSON.stringify(summary));
  const mail = await waitForMail(email, (m) => m.subject === "Your MailScout API key expires soon");
  assert.match(mail.text, new RegExp(`"${t} soon" \\(${soon.keyPrefix}…\\) expires on ${soon.expiresAt!.slice(0, 16).replace("T", " ")} UTC`));
  await runWorker(NOTICES_WORKER_URL);
  const notices = (await mailsTo(email)).filter((m) => m.subject === "Your MailScout API key expires soon");
  assert.equal(notices.length, 1, "one notice per key, however often the worker runs");
  const marked = await withDatabase((sql) => sql<{ id: string; told: boolean }[]>`
    select id, expiry_notice_sent_at is not null as told from public.api_keys where id in (${soon.id}, ${later.id}, ${rotated.id})
  `);
  assert.deepEqual(
    Object.fromEntries(marked.map((r) => [r.id, r.told])),
    { [soon.id]: true, [later.id]: false, [rotated.id]: false },
  );
});
