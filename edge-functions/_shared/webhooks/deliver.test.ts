// One attempt against the local HTTPS receiver behind the fixture proxy, as deliveries leave in production: the name
// checked through DNS, TLS verified against it, no redirect followed; a name pointed into private space after the job
// was submitted is refused before anything leaves.
import assert from "node:assert/strict";
import { createProxyTransport } from "../explorations/net/index.ts";
import { startFixtureProxy } from "../explorations/testing/fixture-proxy.ts";
import { scriptedDns } from "../explorations/testing/scripted-dns.ts";
import { TEST_CERTIFICATE } from "../explorations/testing/test-certificate.ts";
import { checkCallbackUrl } from "./callback-url.ts";
import { attemptDelivery, type DeliveryNetwork } from "./deliver.ts";
import { RECEIVER_HOST } from "./testing/receiver.ts";

const BODY = JSON.stringify({ event: "job.completed", jobId: "j1" });
const HEADERS = { "MailScout-Signature": "t=1,v1=00", "MailScout-Delivery": "d1" };

async function withProxy(
  run: (proxy: Awaited<ReturnType<typeof startFixtureProxy>>, network: DeliveryNetwork) => Promise<void>,
  addresses: string[] = ["203.0.113.120"],
) {
  const proxy = await startFixtureProxy();
  try {
    const transport = createProxyTransport(new URL(proxy.url), { trustedCertificates: [TEST_CERTIFICATE] });
    await run(proxy, { dns: scriptedDns({ [RECEIVER_HOST]: addresses }), transport });
  } finally {
    await proxy.stop();
  }
}

Deno.test("attemptDelivery: a 2xx delivers; the receiver gets the POST, its body and headers", async () => {
  await withProxy(async (proxy, network) => {
    const outcome = await attemptDelivery(network, { url: `https://${RECEIVER_HOST}/hooks?a=1`, body: BODY, headers: HEADERS });
    assert.equal(outcome.delivered, true);
    assert.equal(outcome.statusCode, 204);
    assert.equal(outcome.error, null);
    assert.ok(outcome.durationMs >= 0);
    const [received] = proxy.receiver.received;
    assert.equal(received?.method, "POST");
    assert.equal(received?.path, "/hooks?a=1");
    assert.equal(received?.body, BODY);
    assert.equal(received?.headers["mailscout-signature"], "t=1,v1=00");
    assert.equal(received?.headers["mailscout-delivery"], "d1");
    assert.equal(received?.headers["content-type"], "application/json");
  });
});

Deno.test("attemptDelivery: a 500 is not delivered; a redirect is not followed", async () => {
  await withProxy(async (proxy, network) => {
    const failed = await attemptDelivery(network, { url: `https://${RECEIVER_HOST}/status/500`, body: BODY, headers: HEADERS });
    assert.deepEqual([failed.delivered, failed.statusCode, failed.error], [false, 500, "The receiver answered 500"]);
    const moved = await attemptDelivery(network, { url: `https://${RECEIVER_HOST}/status/302`, body: BODY, headers: HEADERS });
    assert.deepEqual([moved.delivered, moved.statusCode], [false, 302]);
    assert.match(moved.error ?? "", /redirects are not followed/);
    assert.deepEqual(proxy.receiver.received.map((request) => request.path), ["/status/500", "/status/302"]);
  });
});

Deno.test("attemptDelivery: a name pointed at a private address after submission is refused before connecting", async () => {
  await withProxy(async (proxy, network) => {
    const url = `https://${RECEIVER_HOST}/hooks`;
    await checkCallbackUrl(url, network.dns);
    const outcome = await attemptDelivery(network, { url, body: BODY, headers: HEADERS });
    assert.deepEqual([outcome.delivered, outcome.statusCode], [false, null]);
    assert.match(outcome.error ?? "", /^Refused: the callbackUrl resolves to a private address \(10\.0\.0\.9/);
    assert.deepEqual(proxy.requests, [], "nothing reached the proxy");
    assert.deepEqual(proxy.receiver.received, []);
  }, ["203.0.113.120", "10.0.0.9"]);
});

Deno.test("attemptDelivery: a certificate that does not verify is a connection failure, not a delivery", async () => {
  await withProxy(async (proxy, network) => {
    const untrusting = { ...network, transport: createProxyTransport(new URL(proxy.url)) };
    const outcome = await attemptDelivery(untrusting, { url: `https://${RECEIVER_HOST}/`, body: BODY, headers: HEADERS });
    assert.deepEqual([outcome.delivered, outcome.statusCode], [false, null]);
    assert.match(outcome.error ?? "", /^Could not connect: .*certificate/i);
    assert.deepEqual(proxy.receiver.received, []);
  });
});
