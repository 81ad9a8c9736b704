import assert from "node:assert/strict";
import { visitDay, visitorHash } from "./visits.ts";

const SECRET = "a-worker-secret-for-tests";
const DAY = "2026-12-01";
const session = { sessionId: "V1StGXR8_Z5jdHi6B-myT", clientIp: "203.0.113.7", userAgent: "Mozilla/5.0 Firefox/133.0" };
const anonymous = { sessionId: null, clientIp: "203.0.113.7", userAgent: "Mozilla/5.0 Firefox/133.0" };

Deno.test("visitorHash: the same visitor on the same day hashes the same, as 64 hex characters", async () => {
  const hash = await visitorHash(session, DAY, SECRET);
  assert.match(hash, /^[0-9a-f]{64}$/);
  assert.equal(await visitorHash(session, DAY, SECRET), hash);
  assert.equal(await visitorHash(anonymous, DAY, SECRET), await visitorHash({ ...anonymous }, DAY, SECRET));
});

Deno.test("visitorHash: the day salts it, so one visitor's days can't be joined", async () => {
  assert.notEqual(await visitorHash(session, DAY, SECRET), await visitorHash(session, "2026-12-02", SECRET));
  assert.notEqual(await visitorHash(anonymous, DAY, SECRET), await visitorHash(anonymous, "2026-12-02", SECRET));
});

Deno.test("visitorHash: a session is the visitor whatever its address; without one, the address and agent are", async () => {
  const elsewhere = { ...session, clientIp: "198.51.100.1", userAgent: "curl/8.0" };
  assert.equal(await visitorHash(elsewhere, DAY, SECRET), await visitorHash(session, DAY, SECRET));
  assert.notEqual(await visitorHash(anonymous, DAY, SECRET), await visitorHash(session, DAY, SECRET));
  assert.notEqual(
    await visitorHash({ ...anonymous, clientIp: "203.0.113.8" }, DAY, SECRET),
    await visitorHash(anonymous, DAY, SECRET),
  );
  assert.notEqual(
    await visitorHash({ ...anonymous, userAgent: "Mozilla/5.0 Chrome/131.0" }, DAY, SECRET),
    await visitorHash(anonymous, DAY, SECRET),
  );
});

Deno.test("visitorHash: fields can't run into each other, nor a session pose as an address", async () => {
  const a = await visitorHash({ sessionId: null, clientIp: "1.2.3.4", userAgent: "5 x" }, DAY, SECRET);
  const b = await visitorHash({ sessionId: null, clientIp: "1.2.3.4 5", userAgent: "x" }, DAY, SECRET);
  assert.notEqual(a, b);
  const posing = await visitorHash({ sessionId: "203.0.113.7", clientIp: null, userAgent: null }, DAY, SECRET);
  assert.notEqual(posing, await visitorHash({ sessionId: null, clientIp: "203.0.113.7", userAgent: null }, DAY, SECRET));
});

Deno.test("visitorHash: keyed by the secret, so the hash of a known address can't be computed without it", async () => {
  assert.notEqual(await visitorHash(anonymous, DAY, SECRET), await visitorHash(anonymous, DAY, "another-secret"));
  const hash = await visitorHash(anonymous, DAY, SECRET);
  assert.ok(!hash.includes("203"), "the hash carries nothing of the address");
  // Not a plain digest of the inputs either: the key derived from the secret is part of it.
  const input = JSON.stringify([DAY, "client", anonymous.clientIp, anonymous.userAgent]);
  const plain = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(input)));
  assert.notEqual(hash, Array.from(plain, (byte) => byte.toString(16).padStart(2, "0")).join(""));
});

Deno.test("visitDay: the UTC day, whatever the time of day", () => {
  assert.equal(visitDay(new Date("2026-12-01T00:00:00Z")), "2026-12-01");
  assert.equal(visitDay(new Date("2026-12-01T23:59:59.999Z")), "2026-12-01");
  assert.equal(visitDay(new Date("2026-12-01T23:30:00-02:00")), "2026-12-02");
});
