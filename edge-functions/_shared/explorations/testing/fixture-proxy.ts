// A forward proxy for tests that serves the fixture web sites (sites/index.ts) by host, so the explorer and RDAP can be
// tested without the internet exactly as they run behind OUTBOUND_HTTP_PROXY in production.
// - Plain-http requests in absolute form (GET http://acme-corp.test/contact/ HTTP/1.1) are answered from the site of
//   that host; a host without a site gets 502, as a real proxy answers a name it can't reach.
// - CONNECT is refused (403): there is no TLS here, and the explorer must fall back to http. The one exception is the
//   webhook receiver's name (webhooks/testing/receiver.ts): its tunnel leads to that local HTTPS receiver, so webhook
//   deliveries are tested over TLS end to end; GET http://127.0.0.1:N/webhooks answers what it received.
// - Every request is recorded, CONNECTs included, so a test can prove that a refused target never reached it. Tests in
//   another process (the API tests, against the stack's proxy) read the log as JSON at GET http://127.0.0.1:N/requests,
//   a request to the proxy itself rather than through it.
// - delayMs holds every response that long (sites may add their own delay, as slow-site.test does).
//
// In deno tests:   const proxy = await startFixtureProxy();  ...  proxy.requests  ...  await proxy.stop();
// As a program:    deno run --allow-net --allow-read --config edge-functions/deno.json \
//                    edge-functions/_shared/explorations/testing/fixture-proxy.ts --port 55380 [--delay-ms N]
//                  prints "listening on 127.0.0.1:55380" once bound; SIGTERM or SIGINT stops it.
import { RECEIVER_HOST, startWebhookReceiver, type WebhookReceiver } from "../../webhooks/testing/receiver.ts";
import { FIXTURE_SITES, type FixtureSite } from "./sites/index.ts";

const HOST = "127.0.0.1";

export interface ProxiedRequest {
  method: string;
  /** The host asked for, without port. */
  host: string;
  /** The absolute URL for a proxied request; "host:port" for a CONNECT. */
  target: string;
}

export interface FixtureProxy {
  port: number;
  /** http://127.0.0.1:N, the value for OUTBOUND_HTTP_PROXY. */
  url: string;
  requests: ProxiedRequest[];
  /** The HTTPS server CONNECTs to RECEIVER_HOST are tunnelled to. */
  receiver: WebhookReceiver;
  stop(): Promise<void>;
}

export interface FixtureProxyOptions {
  port?: number;
  /** Milliseconds added before every response, on top of a site's own delay. */
  delayMs?: number;
  sites?: ReadonlyMap<string, FixtureSite>;
}

export async function startFixtureProxy(options: FixtureProxyOptions = {}): Promise<FixtureProxy> {
  const sites = options.sites ?? FIXTURE_SITES;
  const requests: ProxiedRequest[] = [];
  const stopping = new AbortController();
  const receiver = await startWebhookReceiver();

  const handle = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    // The explorer never asks for an IP literal, so a request for the proxy's own address is a test reading the log.
    if (url.hostname === HOST && url.pathname === "/requests" && request.method === "GET") {
      return Response.json(requests);
    }
    if (url.hostname === HOST && url.pathname === "/webhooks" && request.method === "GET") {
      return Response.json(receiver.received);
    }
    if (request.method === "CONNECT") {
      requests.push({ method: "CONNECT", host: url.hostname, target: url.host });
      return new Response("CONNECT is not supported by this proxy\n", { status: 403 });
    }
    requests.push({ method: request.method, host: url.hostname, target: url.href });
    const site = sites.get(url.hostname);
    if (!site) return new Response(`fixture proxy: no site for ${url.hostname}\n`, { status: 502 });
    if (request.method !== "GET" && request.method !== "HEAD") {
      return new Response("method not allowed\n", { status: 405, headers: { allow: "GET, HEAD" } });
    }
    const answer = await site.respond(url.pathname + url.search);
    // Waits end when the proxy stops (request.signal would also tell a client that gave up, but Deno 2 still aborts
    // it after every successful response too, and warns about that on first use).
    await wait((options.delayMs ?? 0) + (site.delayMs ?? 0), stopping.signal);
    if (answer.hang) await wait(Infinity, stopping.signal);
    if (stopping.signal.aborted) return new Response(null, { status: 504 });
    const body = request.method === "HEAD" ? null : typeof answer.body === "function" ? answer.body() : answer.body;
    return new Response(body, { status: answer.status, headers: answer.headers });
  };

  const server = Deno.serve({ hostname: HOST, port: 0, onListen: () => {} }, handle);
  const front = startFront(options.port ?? 0, server.addr.port, receiver.port, requests);
  return {
    port: front.port,
    url: `http://${HOST}:${front.port}`,
    requests,
    receiver,
    async stop() {
      stopping.abort();
      await front.stop();
      await server.shutdown();
      await receiver.stop();
    },
  };
}

/**
 * The proxy's listening socket: a CONNECT to RECEIVER_HOST (any port) is answered here and tunnelled to the receiver;
 * every other connection is passed whole to the HTTP server behind (Deno.serve can't hand over a CONNECT's socket).
 */
function startFront(port: number, serverPort: number, receiverPort: number, requests: ProxiedRequest[]) {
  const listener = Deno.listen({ hostname: HOST, port });
  const open = new Set<Deno.Conn>();
  const connections: Promise<unknown>[] = [];
  const receiverTunnel = new RegExp(`^CONNECT (${RECEIVER_HOST.replaceAll(".", "\\.")}:\\d+) HTTP/1\\.1\r\n`);
  // Each connection on its own, so one whose first bytes are slow holds up no other.
  const serve = async (client: Deno.Conn) => {
    const head = new Uint8Array(8192);
    const read = await client.read(head);
    if (read === null) return;
    const first = head.subarray(0, read);
    const target = receiverTunnel.exec(new TextDecoder().decode(first))?.[1];
    if (target) requests.push({ method: "CONNECT", host: RECEIVER_HOST, target });
    const upstream = await Deno.connect({ hostname: HOST, port: target ? receiverPort : serverPort });
    open.add(upstream);
    try {
      if (target) await client.write(new TextEncoder().encode("HTTP/1.1 200 Connection established\r\n\r\n"));
      else await upstream.write(first);
      await Promise.all([
        client.readable.pipeTo(upstream.writable).catch(() => {}),
        upstream.readable.pipeTo(client.writable).catch(() => {}),
      ]);
    } finally {
      open.delete(upstream);
    }
  };
  const accepting = (async () => {
    for await (const client of listener) {
      open.add(client);
      connections.push(serve(client).catch(() => closeQuietly(client)).finally(() => open.delete(client)));
    }
  })().catch(() => {});
  return {
    port: (listener.addr as Deno.NetAddr).port,
    async stop() {
      listener.close();
      for (const connection of open) closeQuietly(connection);
      await accepting;
      await Promise.all(connections);
    },
  };
}

function closeQuietly(connection: Deno.Conn): void {
  try {
    connection.close();
  } catch {
    // Closed by its pipe already.
  }
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = Number.isFinite(ms) ? setTimeout(done, ms) : undefined;
    signal.addEventListener("abort", done, { once: true });
  });
}

if (import.meta.main) {
  const flag = (name: string) => {
    const at = Deno.args.indexOf(name);
    return at === -1 ? 0 : Number(Deno.args[at + 1]);
  };
  const port = flag("--port");
  const delayMs = flag("--delay-ms");
  if (!Number.isInteger(port) || port < 0 || port > 65_535 || !Number.isInteger(delayMs) || delayMs < 0) {
    console.error("usage: fixture-proxy.ts [--port N] [--delay-ms N]");
    Deno.exit(2);
  }
  const proxy = await startFixtureProxy({ port, delayMs });
  console.log(`listening on ${HOST}:${proxy.port}`);
  const stop = async () => {
    await proxy.stop();
    Deno.exit(0);
  };
  Deno.addSignalListener("SIGTERM", stop);
  Deno.addSignalListener("SIGINT", stop);
}
