// /api/api-keys against the running stack: a key's secret is answered once and stored only as its hash; names and
// expiries are checked; at most 10 active keys; rotation keeps the old key for its grace period; revoking is
// idempotent; usage is 30 days with zeros; and a person never reaches another's key.
import assert from "node:assert/strict";
import {
  type ApiKey,
  apiKeyListSchema,
  apiKeySchema,
  apiKeyUsageSchema,
  createdApiKeySchema,
} from "../../../_shared/api-keys/index.ts";
import { createKey, setUsage, storedHash } from "../../testing/api-keys.ts";
import { assertError, call, signedInAdmin, signedInUser, withDatabase } from "../../testing/stack.ts";

type User = { id: string; token: string };

async function keysOf(user: User): Promise<ApiKey[]> {
  const response = await call("/api/api-keys", { token: user.token });
  assert.equal(response.status, 200, response.text);
  return apiKeyListSchema.parse(response.json);
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const UNKNOWN_KEY = "00000000-0000-4000-8000-000000000000";

Deno.test("every key route answers 401 without a signed-in user", async () => {
  for (
    const [method, path, body] of [
      ["GET", "/api/api-keys", undefined],
      ["POST", "/api/api-keys", { keyName: "x" }],
      ["GET", "/api/api-keys/usage", undefined],
      ["PATCH", `/api/api-keys/${UNKNOWN_KEY}`, { keyName: "x" }],
      ["POST", `/api/api-keys/${UNKNOWN_KEY}/rotate`, { graceHours: 0 }],
      ["DELETE", `/api/api-keys/${UNKNOWN_KEY}`, undefined],
    ] as const
  ) {
    assertError(await call(path, { method, body }), 401, "Not authenticated");
  }
});

Deno.test("POST answers 201 with the secret once; the list never shows it; only its hash is stored", async () => {
  const user = await signedInUser();
  const expiresAt = inDays(30);
  const { key, secret } = await createKey(user, { keyName: "  Production  ", expiresAt });
  assert.match(secret, /^msk_[0-9A-Za-z]{49}$/);
  assert.deepEqual(
    [key.keyName, key.keyPrefix, key.status, key.rateLimit, key.usageCount, key.lastUsedAt, key.revokedAt],
    ["Production", secret.slice(0, 10), "active", 60, 0, null, null],
  );
  assert.equal(new Date(key.expiresAt!).getTime(), new Date(expiresAt).getTime());
  const listed = await call("/api/api-keys", { token: user.token });
  assert.deepEqual(apiKeyListSchema.parse(listed.json), [key]);
  assert.ok(!listed.text.includes(secret.slice(10)), "the list carries no secret");
  assert.equal(await storedHash(key.id), await sha256Hex(secret));
  const noExpiry = await createKey(user, { keyName: "CI" });
  assert.equal(noExpiry.key.expiresAt, null);
  assert.deepEqual((await keysOf(user)).map((k) => k.keyName), ["CI", "Production"], "newest first");
});

Deno.test("a bad name or expiry answers 400 naming the field", async () => {
  const user = await signedInUser();
  const cases: [Record<string, unknown>, string][] = [
    [{}, "keyName: keyName must be text"],
    [{ keyName: "   " }, "keyName: Key name is required"],
    [{ keyName: "x".repeat(101) }, "keyName: Key name must be at most 100 characters"],
    [{ keyName: 7 }, "keyName: keyName must be text"],
    [{ keyName: "x", expiresAt: "tomorrow" }, "expiresAt: expiresAt must be a date and time (ISO 8601)"],
    [{ keyName: "x", expiresAt: inDays(-1) }, "expiresAt: The expiry must be in the future"],
  ];
  for (const [body, message] of cases) {
    assertError(await call("/api/api-keys", { token: user.token, body }), 400, message);
  }
  const { key } = await createKey(user, { keyName: "x".repeat(100) });
  assertError(
    await call(`/api/api-keys/${key.id}`, { method: "PATCH", token: user.token, body: { keyName: "" } }),
    400,
    "keyName: Key name is required",
  );
  assert.deepEqual(await keysOf(user), [key], "nothing refused was stored");
});

Deno.test("an 11th active key answers 409; a revoked key or a rotated one frees its place", async () => {
  const user = await signedInUser();
  const keys = [];
  for (let i = 1; i <= 10; i++) keys.push((await createKey(user, { keyName: `key ${i}` })).key);
  const eleventh = () => call("/api/api-keys", { token: user.token, body: { keyName: "key 11" } });
  assertError(await eleventh(), 409, "You can have at most 10 active API keys");
  // A rotation's old key keeps working for its grace period but no longer counts; the new one takes its place.
  const rotated = await call(`/api/api-keys/${keys[0]!.id}/rotate`, { token: user.token, body: { graceHours: 24 } });
  assert.equal(rotated.status, 200, rotated.text);
  assertError(await eleventh(), 409, "You can have at most 10 active API keys");
  const revoked = await call(`/api/api-keys/${keys[1]!.id}`, { method: "DELETE", token: user.token });
  assert.equal(revoked.status, 204, revoked.text);
  assert.equal((await eleventh()).status, 201);
  assertError(await eleventh(), 409, "You can have at most 10 active API keys");
});

Deno.test("PATCH renames the owner's key (a revoked one too); another's or an unknown key is 404", async () => {
  const [owner, other] = await Promise.all([signedInUser(), signedInUser()]);
  const { key } = await createKey(owner, { keyName: "Old" });
  const renamed = await call(`/api/api-keys/${key.id}`, { method: "PATCH", token: owner.token, body: { keyName: "New" } });
  assert.equal(renamed.status, 200, renamed.text);
  assert.deepEqual(apiKeySchema.parse(renamed.json), { ...key, keyName: "New" });
  for (const id of [key.id, UNKNOWN_KEY, "not-a-key", "1"]) {
    assertError(
      await call(`/api/api-keys/${id}`, { method: "PATCH", token: id === key.id ? other.token : owner.token, body: { keyName: "Theirs" } }),
      404,
      "API key not found",
    );
  }
  assert.equal((await keysOf(owner))[0]!.keyName, "New", "another person's rename changed nothing");
  await call(`/api/api-keys/${key.id}`, { method: "DELETE", token: owner.token });
  const again = await call(`/api/api-keys/${key.id}`, { method: "PATCH", token: owner.token, body: { keyName: "Gone" } });
  assert.equal(apiKeySchema.parse(again.json).status, "revoked");
});

Deno.test("rotate answers 200 with a new secret; the old key lasts graceHours, or stops at once with 0", async () => {
  const user = await signedInUser();
  const expiresAt = inDays(60);
  const { key: old, secret: oldSecret } = await createKey(user, { keyName: "Rotating", expiresAt });
  const before = Date.now();
  const response = await call(`/api/api-keys/${old.id}/rotate`, { token: user.token, body: { graceHours: 2 } });
  assert.equal(response.status, 200, response.text);
  const { key, secret } = createdApiKeySchema.parse(response.json);
  assert.notEqual(key.id, old.id);
  assert.notEqual(secret, oldSecret);
  assert.match(secret, /^msk_/);
  assert.deepEqual([key.keyName, key.rateLimit, key.status, key.replacedBy], ["Rotating", old.rateLimit, "active", null]);
  assert.equal(new Date(key.expiresAt!).getTime(), new Date(expiresAt).getTime(), "the new key keeps the expiry");
  assert.equal(await storedHash(key.id), await sha256Hex(secret));
  const oldNow = (await keysOf(user)).find((k) => k.id === old.id)!;
  assert.equal(oldNow.replacedBy, key.id);
  assert.equal(oldNow.status, "active", "the old key works through its grace period");
  const graceEnd = new Date(oldNow.expiresAt!).getTime();
  assert.ok(graceEnd >= before + 2 * 3_600_000 - 5_000 && graceEnd <= Date.now() + 2 * 3_600_000 + 5_000);

  // The default grace is 24 hours; with 0 the old key is revoked at once.
  const { key: other } = await createKey(user, { keyName: "Now" });
  const immediate = await call(`/api/api-keys/${other.id}/rotate`, { token: user.token, body: { graceHours: 0 } });
  assert.equal(immediate.status, 200, immediate.text);
  assert.equal((await keysOf(user)).find((k) => k.id === other.id)!.status, "revoked");
  const { key: third } = await createKey(user, { keyName: "Default grace" });
  await call(`/api/api-keys/${third.id}/rotate`, { token: user.token, body: {} });
  const thirdNow = (await keysOf(user)).find((k) => k.id === third.id)!;
  assert.ok(Math.abs(new Date(thirdNow.expiresAt!).getTime() - (Date.now() + 24 * 3_600_000)) < 60_000);
});

Deno.test("rotating a revoked, expired or already replaced key answers 409; bad graceHours 400; others' 404", async () => {
  const [user, other] = await Promise.all([signedInUser(), signedInUser()]);
  const rotate = (id: string, body: unknown = { graceHours: 1 }, token = user.token) =>
    call(`/api/api-keys/${id}/rotate`, { token, body });
  const { key: replaced } = await createKey(user, { keyName: "Replaced" });
  assert.equal((await rotate(replaced.id)).status, 200);
  const { key: revoked } = await createKey(user, { keyName: "Revoked" });
  await call(`/api/api-keys/${revoked.id}`, { method: "DELETE", token: user.token });
  const { key: expired } = await createKey(user, { keyName: "Expired", expiresAt: inDays(1) });
  await withDatabase((sql) => sql`update public.api_keys set expires_at = now() - interval '1 minute' where id = ${expired.id}`);
  for (
    const [key, why] of [[replaced, "was already replaced by a rotation"], [revoked, "is revoked"], [expired, "is expired"]] as const
  ) {
    assertError(await rotate(key.id), 409, `This API key ${why}: only an active key can be rotated`);
  }
  const { key } = await createKey(user, { keyName: "Fine" });
  for (
    const [body, message] of [
      [{ graceHours: -1 }, "graceHours: graceHours must be 0 or more"],
      [{ graceHours: 169 }, "graceHours: graceHours must be at most 168"],
      [{ graceHours: 1.5 }, "graceHours: graceHours must be a whole number"],
      [{ graceHours: "2" }, "graceHours: graceHours must be a number"],
    ] as const
  ) {
    assertError(await rotate(key.id, body), 400, message);
  }
  assertError(await rotate(key.id, { graceHours: 1 }, other.token), 404, "API key not found");
  assertError(await rotate(UNKNOWN_KEY), 404, "API key not found");
  assert.equal((await keysOf(user)).find((k) => k.id === key.id)!.replacedBy, null, "nothing was rotated");
});

Deno.test("DELETE revokes (204), again 204; another's key is 404 and stays active", async () => {
  const [owner, other] = await Promise.all([signedInUser(), signedInUser()]);
  const { key } = await createKey(owner, { keyName: "Doomed" });
  const revoke = (token: string, id = key.id) => call(`/api/api-keys/${id}`, { method: "DELETE", token });
  assertError(await revoke(other.token), 404, "API key not found");
  assert.equal((await keysOf(owner))[0]!.status, "active");
  const first = await revoke(owner.token);
  assert.equal(first.status, 204, first.text);
  assert.equal(first.text, "");
  const [revoked] = await keysOf(owner);
  assert.equal(revoked!.status, "revoked");
  assert.ok(revoked!.revokedAt);
  assert.equal((await revoke(owner.token)).status, 204);
  assert.equal((await keysOf(owner))[0]!.revokedAt, revoked!.revokedAt, "revoking again changes nothing");
  assertError(await revoke(owner.token, UNKNOWN_KEY), 404, "API key not found");
  assertError(await revoke(owner.token, "nope"), 404, "API key not found");
});

Deno.test("a person never sees another's keys, an admin's own list included", async () => {
  const [owner, other, admin] = await Promise.all([signedInUser(), signedInUser(), signedInAdmin()]);
  const { key } = await createKey(owner, { keyName: "Mine" });
  const { key: theirs } = await createKey(other, { keyName: "Theirs" });
  const { key: adminKey } = await createKey(admin, { keyName: "The admin's" });
  assert.deepEqual((await keysOf(owner)).map((k) => k.id), [key.id]);
  assert.deepEqual((await keysOf(other)).map((k) => k.id), [theirs.id]);
  assert.deepEqual((await keysOf(admin)).map((k) => k.id), [adminKey.id]);
  assertError(await call(`/api/api-keys/usage?keyId=${key.id}`, { token: other.token }), 404, "API key not found");
  assertError(await call(`/api/api-keys/usage?keyId=${key.id}`, { token: admin.token }), 404, "API key not found");
});

Deno.test("usage: 30 days up to today, oldest first, zeros where no call was made; per key or all keys", async () => {
  const user = await signedInUser();
  const other = await signedInUser();
  const { key: a } = await createKey(user, { keyName: "A" });
  const { key: b } = await createKey(user, { keyName: "B" });
  const { key: theirs } = await createKey(other, { keyName: "Theirs" });
  await setUsage(a, user.id, 0, { requests: 5, emails: 40, errors: 1 });
  await setUsage(b, user.id, 0, { requests: 2, emails: 2, errors: 0 });
  await setUsage(a, user.id, 29, { requests: 3, emails: 3, errors: 3 });
  await setUsage(a, user.id, 30, { requests: 99, emails: 99, errors: 99 });
  await setUsage(theirs, other.id, 0, { requests: 1000, emails: 1000, errors: 1000 });
  const usage = async (query: string) => {
    const response = await call(`/api/api-keys/usage${query}`, { token: user.token });
    assert.equal(response.status, 200, response.text);
    return apiKeyUsageSchema.parse(response.json);
  };
  const today = new Date().toISOString().slice(0, 10);
  const all = await usage("");
  assert.equal(all.keyId, null);
  assert.equal(all.days.length, 30);
  assert.equal(all.days.at(-1)!.day, today);
  assert.equal(all.days[0]!.day, new Date(Date.parse(today) - 29 * 86_400_000).toISOString().slice(0, 10));
  assert.deepEqual(all.days.at(-1), { day: today, requests: 7, emails: 42, errors: 1 });
  assert.deepEqual(all.days[0], { day: all.days[0]!.day, requests: 3, emails: 3, errors: 3 }, "the 31st day back is left out");
  assert.ok(all.days.slice(1, -1).every((d) => d.requests === 0 && d.emails === 0 && d.errors === 0));
  const onlyB = await usage(`?keyId=${b.id.toUpperCase()}`);
  assert.equal(onlyB.keyId, b.id);
  assert.deepEqual(onlyB.days.at(-1), { day: today, requests: 2, emails: 2, errors: 0 });
  assert.equal(onlyB.days[0]!.requests, 0);
  assertError(await call("/api/api-keys/usage?keyId=nope", { token: user.token }), 400, "keyId: keyId must be a key's id");
  assertError(await call(`/api/api-keys/usage?keyId=${UNKNOWN_KEY}`, { token: user.token }), 404, "API key not found");
});
