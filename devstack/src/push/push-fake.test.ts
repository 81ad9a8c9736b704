// The fake push service on a real port, pushed to as a push service is: by a sender that encrypts (RFC 8291) and signs
// (RFC 8292) on its own, with Node's crypto and jose, so the fake is checked against the RFCs and not against itself.
import { createCipheriv, createECDH, generateKeyPairSync, hkdfSync, randomBytes } from "node:crypto";
import { SignJWT, exportJWK } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ReceivedPushMessage, type RunningPushFake, startPushFake } from "./index.ts";

let fake: RunningPushFake;
beforeAll(async () => {
  fake = await startPushFake({ port: 0 });
});
afterAll(() => fake.stop());

interface TestSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

const vapidKeys = generateKeyPairSync("ec", { namedCurve: "P-256" });
async function vapidPublicKey(): Promise<string> {
  const { x, y } = await exportJWK(vapidKeys.publicKey);
  return Buffer.concat([Buffer.from([4]), Buffer.from(x!, "base64url"), Buffer.from(y!, "base64url")]).toString("base64url");
}

async function vapidHeader(claims: { aud?: string; exp?: number; sub?: string } = {}, key = vapidKeys.privateKey): Promise<string> {
  const jwt = await new SignJWT({ sub: "mailto:push@mailscout.test", ...claims })
    .setProtectedHeader({ typ: "JWT", alg: "ES256" })
    .setAudience(claims.aud ?? fake.url)
    .setExpirationTime(claims.exp ?? Math.floor(Date.now() / 1000) + 3600)
    .sign(key);
  return `vapid t=${jwt}, k=${await vapidPublicKey()}`;
}

/** RFC 8291's encryption, one record. */
function encrypt(keys: TestSubscription["keys"], plaintext: string): Uint8Array<ArrayBuffer> {
  const sender = createECDH("prime256v1");
  const senderKey = sender.generateKeys();
  const receiverKey = Buffer.from(keys.p256dh, "base64url");
  const salt = randomBytes(16);
  const hkdf = (ikm: Buffer, hkdfSalt: Buffer, info: string | Buffer, length: number) =>
    Buffer.from(hkdfSync("sha256", ikm, hkdfSalt, info, length));
  const ikm = hkdf(
    sender.computeSecret(receiverKey),
    Buffer.from(keys.auth, "base64url"),
    Buffer.concat([Buffer.from("WebPush: info\0"), receiverKey, senderKey]),
    32,
  );
  const cipher = createCipheriv("aes-128-gcm", hkdf(ikm, salt, "Content-Encoding: aes128gcm\0", 16), hkdf(ikm, salt, "Content-Encoding: nonce\0", 12));
  const record = Buffer.concat([cipher.update(Buffer.from(`${plaintext}\x02`)), cipher.final(), cipher.getAuthTag()]);
  const header = Buffer.alloc(21);
  salt.copy(header);
  header.writeUInt32BE(4096, 16);
  header.writeUInt8(65, 20);
  return Uint8Array.from(Buffer.concat([header, senderKey, record]));
}

async function subscribe(body: object = {}): Promise<TestSubscription> {
  const response = await fetch(`${fake.url}/_fake/subscriptions`, { method: "POST", body: JSON.stringify(body) });
  expect(response.status).toBe(201);
  return (await response.json()) as TestSubscription;
}

async function push(subscription: TestSubscription, payload: string, headers: Record<string, string> = {}) {
  return fetch(subscription.endpoint, {
    method: "POST",
    headers: { Authorization: await vapidHeader(), TTL: "60", "Content-Encoding": "aes128gcm", ...headers },
    body: encrypt(subscription.keys, payload),
  });
}

async function messages(subscription: TestSubscription): Promise<ReceivedPushMessage[]> {
  const response = await fetch(`${fake.url}/_fake/messages?subscription=${subscription.id}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { messages: ReceivedPushMessage[] }).messages;
}

describe("the fake push service", () => {
  it("hands out subscriptions shaped as a browser's, on its own origin, which PUSH_SERVICE_HOSTS names", async () => {
    const subscription = await subscribe();
    expect(subscription.endpoint).toBe(`${fake.url}/push/${subscription.id}`);
    expect(Buffer.from(subscription.keys.p256dh, "base64url")).toHaveLength(65);
    expect(Buffer.from(subscription.keys.auth, "base64url")).toHaveLength(16);
    expect(fake.settings).toEqual({ PUSH_SERVICE_HOSTS: fake.url });
  });

  it("takes a signed, encrypted push with 201 and keeps it decrypted for that subscription alone", async () => {
    const [subscription, other] = [await subscribe(), await subscribe()];
    const response = await push(subscription, '{"title":"Spring sale"}', { Urgency: "high", Topic: "spring" });
    expect(response.status).toBe(201);
    expect(response.headers.get("Location")).toMatch(new RegExp(`^${fake.url}/messages/`));
    expect(await messages(subscription)).toEqual([
      expect.objectContaining({
        payload: '{"title":"Spring sale"}',
        ttlSeconds: 60,
        urgency: "high",
        topic: "spring",
        vapidSubject: "mailto:push@mailscout.test",
      }),
    ]);
    expect(await messages(other)).toEqual([]);
  });

  it("refuses a push without VAPID (401) or with a token for another audience, too long a life, or a bad contact (403)", async () => {
    const subscription = await subscribe();
    expect((await push(subscription, "x", { Authorization: "WebPush abc" })).status).toBe(401);
    expect((await push(subscription, "x", { Authorization: await vapidHeader({ aud: "https://fcm.googleapis.com" }) })).status).toBe(403);
    const tooLong = Math.floor(Date.now() / 1000) + 25 * 3600;
    expect((await push(subscription, "x", { Authorization: await vapidHeader({ exp: tooLong }) })).status).toBe(403);
    const expired = Math.floor(Date.now() / 1000) - 60;
    expect((await push(subscription, "x", { Authorization: await vapidHeader({ exp: expired }) })).status).toBe(403);
    expect((await push(subscription, "x", { Authorization: await vapidHeader({ sub: "push@mailscout.test" }) })).status).toBe(403);
    // Signed by another key than the k it names.
    const forged = await vapidHeader({}, generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey);
    expect((await push(subscription, "x", { Authorization: forged })).status).toBe(403);
    expect(await messages(subscription)).toEqual([]);
  });

  it("refuses a push signed with another key than the subscription's applicationServerKey", async () => {
    const other = createECDH("prime256v1").generateKeys().toString("base64url");
    const bound = await subscribe({ applicationServerKey: other });
    expect((await push(bound, "x")).status).toBe(403);
    const mine = await subscribe({ applicationServerKey: await vapidPublicKey() });
    expect((await push(mine, "x")).status).toBe(201);
  });

  it("refuses a push without TTL, in another encoding, not decrypting with the subscription's keys, or too large", async () => {
    const subscription = await subscribe();
    const headers = { Authorization: await vapidHeader(), "Content-Encoding": "aes128gcm" };
    expect((await fetch(subscription.endpoint, { method: "POST", headers, body: encrypt(subscription.keys, "x") })).status).toBe(400);
    expect((await push(subscription, "x", { "Content-Encoding": "aesgcm" })).status).toBe(415);
    const stranger = await subscribe();
    const misdirected = await fetch(subscription.endpoint, {
      method: "POST",
      headers: { ...headers, TTL: "60" },
      body: encrypt(stranger.keys, "x"),
    });
    expect(misdirected.status).toBe(400);
    expect((await push(subscription, "x".repeat(4100))).status).toBe(413);
    expect(await messages(subscription)).toEqual([]);
  });

  it("answers 410 for a subscription it was told is gone, and 404 for one it never made", async () => {
    const subscription = await subscribe();
    expect((await fetch(`${fake.url}/_fake/subscriptions/${subscription.id}/gone`, { method: "POST" })).status).toBe(204);
    expect((await push(subscription, "x")).status).toBe(410);
    expect((await push({ ...subscription, endpoint: `${fake.url}/push/unknown` }, "x")).status).toBe(404);
    expect((await fetch(`${fake.url}/_fake/subscriptions/unknown/gone`, { method: "POST" })).status).toBe(404);
  });

  it("answers its controls' bad input with 400", async () => {
    const badKey = await fetch(`${fake.url}/_fake/subscriptions`, { method: "POST", body: '{"applicationServerKey":"short"}' });
    expect(badKey.status).toBe(400);
    expect((await fetch(`${fake.url}/_fake/messages`)).status).toBe(400);
  });
});
