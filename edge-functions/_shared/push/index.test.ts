// The sender against a local server that answers as a push service does: what it sends, and how each answer becomes
// an outcome. The server is named in serviceHosts by its origin, as devstack names its fake.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { createECDH, randomBytes } from "node:crypto";
import ece from "http_ece";
import { PushError, type PushSettings, type PushSubscription, sendWebPush } from "./index.ts";

const vapid = {
  publicKey: "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8",
  privateKey: "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw",
  subject: "mailto:push@mailscout.test",
};

interface Received {
  path: string;
  headers: Headers;
  body: Buffer;
}

/** A browser's subscription keys, with the private half to read what arrives. */
function browser(origin: string) {
  const receiver = createECDH("prime256v1");
  const auth = randomBytes(16).toString("base64url");
  const subscription: PushSubscription = {
    endpoint: `${origin}/push/subscriber-1`,
    keys: { p256dh: receiver.generateKeys().toString("base64url"), auth },
  };
  const read = (body: Buffer) => ece.decrypt(body, { version: "aes128gcm", privateKey: receiver, authSecret: auth }).toString("utf8");
  return { subscription, read };
}

async function withPushService(
  respond: (received: Received) => Response,
  run: (origin: string, settings: PushSettings, received: Received[]) => Promise<void>,
): Promise<void> {
  const received: Received[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (request) => {
    const entry = { path: new URL(request.url).pathname, headers: request.headers, body: Buffer.from(await request.arrayBuffer()) };
    received.push(entry);
    return respond(entry);
  });
  const origin = `http://127.0.0.1:${server.addr.port}`;
  try {
    await run(origin, { vapid, serviceHosts: ["fcm.googleapis.com", origin] }, received);
  } finally {
    await server.shutdown();
  }
}

Deno.test("sendWebPush posts the encrypted message with VAPID, TTL, urgency and topic; 201 is sent", async () => {
  await withPushService(() => new Response(null, { status: 201 }), async (origin, settings, received) => {
    const { subscription, read } = browser(origin);
    const outcome = await sendWebPush(subscription, '{"title":"Spring sale"}', { ttlSeconds: 3600, urgency: "high", topic: "spring-sale" }, settings);
    assert.deepEqual(outcome, { outcome: "sent", status: 201 });
    const [request] = received;
    assert.ok(request);
    assert.equal(request.path, "/push/subscriber-1");
    assert.equal(request.headers.get("Content-Encoding"), "aes128gcm");
    assert.equal(request.headers.get("TTL"), "3600");
    assert.equal(request.headers.get("Urgency"), "high");
    assert.equal(request.headers.get("Topic"), "spring-sale");
    assert.match(request.headers.get("Authorization") ?? "", new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapid.publicKey}$`));
    assert.equal(read(request.body), '{"title":"Spring sale"}');
  });
});

Deno.test("sendWebPush reads each push service answer as its outcome", async () => {
  const cases: Array<[Response, object]> = [
    [new Response(null, { status: 202 }), { outcome: "sent", status: 202 }],
    [new Response("", { status: 404 }), { outcome: "gone", status: 404 }],
    [new Response("", { status: 410 }), { outcome: "gone", status: 410 }],
    [new Response("slow down", { status: 429, headers: { "Retry-After": "120" } }), { outcome: "retry", status: 429, retryAfterSeconds: 120 }],
    [new Response("busy", { status: 503, headers: { "Retry-After": "Thu, 01 Jan 2015 00:00:00 GMT" } }), { outcome: "retry", status: 503, retryAfterSeconds: 0 }],
    [new Response("down", { status: 500 }), { outcome: "retry", status: 500 }],
    [new Response("BadJwtToken", { status: 403 }), { outcome: "refused", status: 403 }],
    [new Response("too big", { status: 413 }), { outcome: "refused", status: 413 }],
    // Following a redirect would take the message to a host nobody checked.
    [new Response(null, { status: 307, headers: { Location: "http://169.254.169.254/" } }), { outcome: "refused", status: 307 }],
  ];
  for (const [answer, expected] of cases) {
    await withPushService(() => answer, async (origin, settings, received) => {
      const { reason: _reason, ...outcome } = await sendWebPush(browser(origin).subscription, "hi", { ttlSeconds: 60 }, settings) as
        & { reason?: string }
        & Record<string, unknown>;
      assert.deepEqual(outcome, expected);
      assert.equal(received.length, 1);
    });
  }
});

Deno.test("sendWebPush keeps the push service's words in a refusal's reason", async () => {
  await withPushService(() => new Response('{"reason":"BadJwtToken"}', { status: 403 }), async (origin, settings) => {
    const outcome = await sendWebPush(browser(origin).subscription, "hi", { ttlSeconds: 60 }, settings);
    assert.equal(outcome.outcome, "refused");
    assert.match("reason" in outcome ? outcome.reason : "", /403: \{"reason":"BadJwtToken"\}/);
  });
});

Deno.test("sendWebPush refuses an endpoint off the push service hosts without a request", async () => {
  await withPushService(() => new Response(null, { status: 201 }), async (origin, settings, received) => {
    const { subscription } = browser(origin);
    for (const endpoint of [
      "http://127.0.0.1:1/push/subscriber-1",
      "https://fcm.googleapis.com.evil.test/wp/1",
      "http://fcm.googleapis.com/wp/1",
      "https://fcm.googleapis.com:8443/wp/1",
    ]) {
      const outcome = await sendWebPush({ ...subscription, endpoint }, "hi", { ttlSeconds: 60 }, settings);
      assert.equal(outcome.outcome, "refused", endpoint);
      assert.match("reason" in outcome ? outcome.reason : "", /is not a known push service/);
    }
    assert.equal(received.length, 0);
  });
});

Deno.test("sendWebPush refuses bad subscription keys and an oversized message without a request", async () => {
  await withPushService(() => new Response(null, { status: 201 }), async (origin, settings, received) => {
    const { subscription } = browser(origin);
    const refusals = [
      await sendWebPush({ ...subscription, keys: { ...subscription.keys, p256dh: "AAAA" } }, "hi", { ttlSeconds: 60 }, settings),
      await sendWebPush({ ...subscription, keys: { ...subscription.keys, auth: "AAAA" } }, "hi", { ttlSeconds: 60 }, settings),
      // The right length, but not a point on the curve.
      await sendWebPush({ ...subscription, keys: { ...subscription.keys, p256dh: Buffer.alloc(65, 4).toString("base64url") } }, "hi", {
        ttlSeconds: 60,
      }, settings),
      await sendWebPush(subscription, "x".repeat(4000), { ttlSeconds: 60 }, settings),
    ];
    assert.deepEqual(refusals.map((outcome) => outcome.outcome), ["refused", "refused", "refused", "refused"]);
    assert.equal(received.length, 0);
  });
});

Deno.test("sendWebPush says a push service that does not answer is worth retrying", async () => {
  const closed = `http://127.0.0.1:${(() => {
    const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const { port } = listener.addr as Deno.NetAddr;
    listener.close();
    return port;
  })()}`;
  const outcome = await sendWebPush(browser(closed).subscription, "hi", { ttlSeconds: 60 }, { vapid, serviceHosts: [closed] });
  assert.equal(outcome.outcome, "retry");
});

Deno.test("sendWebPush without VAPID keys is a deployment fault, not a refused subscription", async () => {
  await assert.rejects(
    sendWebPush(browser("https://fcm.googleapis.com").subscription, "hi", { ttlSeconds: 60 }, { serviceHosts: ["fcm.googleapis.com"] }),
    (error) => error instanceof PushError && error.reason === "not_configured",
  );
});

Deno.test("sendWebPush refuses options a push service would not take", async () => {
  const { subscription } = browser("https://fcm.googleapis.com");
  const settings = { vapid, serviceHosts: ["fcm.googleapis.com"] };
  await assert.rejects(sendWebPush(subscription, "hi", { ttlSeconds: -1 }, settings), /ttlSeconds/);
  await assert.rejects(sendWebPush(subscription, "hi", { ttlSeconds: 60, topic: "a topic with spaces" }, settings), /topic/);
});
