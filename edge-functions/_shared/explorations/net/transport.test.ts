// The transports against local servers: a direct connection goes to the checked address although the name resolves
// nowhere, and TLS still checks the certificate against the name; through a proxy, plain http is sent in absolute form
// and https through a CONNECT tunnel, whose refusal is told apart.
import assert from "node:assert/strict";
import type { Readable } from "node:stream";
import { startFixtureProxy } from "../testing/fixture-proxy.ts";
import { TEST_CERTIFICATE, TEST_PRIVATE_KEY } from "../testing/test-certificate.ts";
import {
  createDirectTransport,
  createProxyTransport,
  type HttpTransport,
  type OutboundResponse,
  ProxyRefusedConnectError,
} from "./transport.ts";

const trusted = { trustedCertificates: [TEST_CERTIFICATE] };

async function text(body: Readable): Promise<string> {
  let all = "";
  for await (const chunk of body) all += chunk;
  return all;
}

function send(transport: HttpTransport, url: string, addresses = ["127.0.0.1"]): Promise<OutboundResponse> {
  return transport.send({
    url: new URL(url),
    addresses,
    headers: { "user-agent": "test" },
    signal: new AbortController().signal,
  });
}

/** An origin server on 127.0.0.1 that answers with what it was asked for; TLS with the test certificate if asked. */
function startOrigin(options: { tls?: boolean } = {}) {
  const seen: { host: string | null; url: string }[] = [];
  const server = Deno.serve({
    hostname: "127.0.0.1",
    port: 0,
    onListen: () => {},
    ...(options.tls ? { cert: TEST_CERTIFICATE, key: TEST_PRIVATE_KEY } : {}),
  }, (request) => {
    seen.push({ host: request.headers.get("host"), url: request.url });
    return new Response(`hello from ${new URL(request.url).pathname}`);
  });
  return { port: server.addr.port, seen, stop: () => server.shutdown() };
}

Deno.test("direct transport: connects to the checked address for a name no resolver knows, and sends the name", async () => {
  const origin = startOrigin();
  try {
    const response = await send(createDirectTransport(), `http://pinned.test:${origin.port}/team?x=1`);
    assert.equal(response.status, 200);
    assert.equal(await text(response.body), "hello from /team");
    assert.deepEqual(origin.seen.map((request) => request.host), [`pinned.test:${origin.port}`]);
  } finally {
    await origin.stop();
  }
});

Deno.test("direct transport: TLS to a pinned address still verifies the certificate against the name", async () => {
  const origin = startOrigin({ tls: true });
  try {
    const response = await send(createDirectTransport(trusted), `https://pinned.test:${origin.port}/`);
    assert.equal(await text(response.body), "hello from /");
    assert.equal(origin.seen[0]?.url, `https://pinned.test:${origin.port}/`);

    await assert.rejects(
      send(createDirectTransport(trusted), `https://other.test:${origin.port}/`),
      /altnames|certificate/i,
    );
    await assert.rejects(
      send(createDirectTransport(), `https://pinned.test:${origin.port}/`),
      /certificate|self.signed/i,
    );
  } finally {
    await origin.stop();
  }
});

Deno.test("direct transport: a name with no checked address is not connected to", async () => {
  const origin = startOrigin();
  try {
    await assert.rejects(send(createDirectTransport(), `http://pinned.test:${origin.port}/`, []), /no checked address/);
    assert.deepEqual(origin.seen, []);
  } finally {
    await origin.stop();
  }
});

Deno.test("proxy transport: plain http goes to the proxy in absolute form; a refused CONNECT is told apart", async () => {
  const proxy = await startFixtureProxy();
  try {
    const transport = createProxyTransport(new URL(proxy.url));
    const response = await send(transport, "http://acme-corp.test/contact/", []);
    assert.equal(response.status, 200);
    assert.match(await text(response.body), /Contact Us/);

    const refused = await send(transport, "https://acme-corp.test/contact/", []).catch((error) => error);
    assert.ok(refused instanceof ProxyRefusedConnectError);
    assert.equal(refused.status, 403);
    assert.deepEqual(proxy.requests.map((request) => `${request.method} ${request.target}`), [
      "GET http://acme-corp.test/contact/",
      "CONNECT acme-corp.test:443",
    ]);
  } finally {
    await proxy.stop();
  }
});

/** A forward proxy that opens every CONNECT tunnel to one local port, as a proxy with TLS passthrough does. */
function startTunnellingProxy(toPort: number) {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const tunnels: string[] = [];
  const open = new Set<Deno.Conn>();
  const pipes: Promise<unknown>[] = [];
  const accepting = (async () => {
    for await (const client of listener) {
      open.add(client);
      const head = new Uint8Array(1024);
      const read = await client.read(head);
      const target = /^CONNECT (\S+) HTTP\/1\.1\r\n/.exec(new TextDecoder().decode(head.subarray(0, read ?? 0)))?.[1];
      tunnels.push(target ?? "?");
      const upstream = await Deno.connect({ hostname: "127.0.0.1", port: toPort });
      open.add(upstream);
      await client.write(new TextEncoder().encode("HTTP/1.1 200 Connection established\r\n\r\n"));
      pipes.push(client.readable.pipeTo(upstream.writable).catch(() => {}));
      pipes.push(upstream.readable.pipeTo(client.writable).catch(() => {}));
    }
  })().catch(() => {});
  return {
    url: `http://127.0.0.1:${listener.addr.port}`,
    tunnels,
    async stop() {
      listener.close();
      for (const connection of open) {
        try {
          connection.close();
        } catch {
          // Closed by the pipe already.
        }
      }
      await accepting;
      await Promise.all(pipes);
    },
  };
}

Deno.test("proxy transport: https goes through a CONNECT tunnel with TLS to the name inside it", async () => {
  const origin = startOrigin({ tls: true });
  const proxy = startTunnellingProxy(origin.port);
  try {
    const response = await send(createProxyTransport(new URL(proxy.url), trusted), "https://pinned.test/about", []);
    assert.equal(response.status, 200);
    assert.equal(await text(response.body), "hello from /about");
    assert.equal(origin.seen[0]?.host, "pinned.test");

    await assert.rejects(
      send(createProxyTransport(new URL(proxy.url), trusted), "https://other.test/", []),
      /altnames|certificate/i,
    );
    assert.deepEqual(proxy.tunnels, ["pinned.test:443", "other.test:443"]);
  } finally {
    await proxy.stop();
    await origin.stop();
  }
});
