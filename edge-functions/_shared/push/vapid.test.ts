import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { vapidAuthorization, VAPID_TOKEN_LIFETIME_SECONDS } from "./vapid.ts";

// A P-256 key pair in VAPID's encoding (RFC 8291's sender pair, reused for its known values).
const vapid = {
  publicKey: "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8",
  privateKey: "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw",
  subject: "mailto:push@mailscout.test",
};
const decoded = (part: string) => JSON.parse(Buffer.from(part, "base64url").toString("utf8"));

/** The token and key of a "vapid t=..., k=..." header, the token's signature checked as a push service does. */
async function verified(header: string, publicKey: string) {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(header);
  assert.ok(match, `not a VAPID header: ${header}`);
  const [, head, claims, signature, k] = match as unknown as [string, string, string, string, string];
  const key = await crypto.subtle.importKey("raw", Buffer.from(publicKey, "base64url"), { name: "ECDSA", namedCurve: "P-256" }, false, [
    "verify",
  ]);
  const valid = await crypto.subtle.verify(
    { name: "ECDSA", hash: "SHA-256" },
    key,
    Buffer.from(signature, "base64url"),
    new TextEncoder().encode(`${head}.${claims}`),
  );
  return { valid, header: decoded(head), claims: decoded(claims), k };
}

Deno.test("vapidAuthorization signs an ES256 token for the push service's origin, valid for an hour, naming the contact", async () => {
  const now = new Date("2026-03-01T12:00:00Z");
  const token = await verified(vapidAuthorization(new URL("https://fcm.googleapis.com/wp/abc123?x=1"), vapid, now), vapid.publicKey);
  assert.equal(token.valid, true);
  assert.deepEqual(token.header, { typ: "JWT", alg: "ES256" });
  assert.deepEqual(token.claims, {
    aud: "https://fcm.googleapis.com",
    exp: now.getTime() / 1000 + VAPID_TOKEN_LIFETIME_SECONDS,
    sub: "mailto:push@mailscout.test",
  });
  assert.ok(VAPID_TOKEN_LIFETIME_SECONDS <= 24 * 60 * 60);
  assert.equal(token.k, vapid.publicKey);
});

Deno.test("vapidAuthorization keeps a non-default port in the audience, as the origin has it", async () => {
  const token = await verified(vapidAuthorization(new URL("http://127.0.0.1:55333/push/1"), vapid), vapid.publicKey);
  assert.equal(token.claims.aud, "http://127.0.0.1:55333");
});

Deno.test("vapidAuthorization's signature does not verify under another key", async () => {
  const other = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4";
  const token = await verified(vapidAuthorization(new URL("https://web.push.apple.com/QGx"), vapid), other);
  assert.equal(token.valid, false);
});

Deno.test("vapidAuthorization refuses a subject that is neither mailto: nor https:", () => {
  assert.throws(() => vapidAuthorization(new URL("https://fcm.googleapis.com/wp/1"), { ...vapid, subject: "push@mailscout.test" }));
});
