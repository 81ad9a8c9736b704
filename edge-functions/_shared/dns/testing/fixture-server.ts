// A DNS server for tests, answering from the fixture zones (zones.ts) on 127.0.0.1 over UDP and TCP on one port, and,
// when asked, over DNS-over-HTTPS (plain HTTP on another port: the wire format is what is being tested, not TLS).
//
// In deno tests:   const dns = await startDnsFixture();  ...  dns.queries  ...  await dns.stop();
// As a program:    deno run --allow-net --config edge-functions/deno.json \
//                    edge-functions/_shared/dns/testing/fixture-server.ts --port 55353
//                  prints "listening on 127.0.0.1:55353" once both sockets are bound; SIGTERM or SIGINT stops it.
import dgram from "node:dgram";
import { Buffer } from "node:buffer";
import { answerFixtureQuery, type FixtureQuery, type FixtureTransport } from "./fixture-answers.ts";

export type { FixtureQuery } from "./fixture-answers.ts";

const HOST = "127.0.0.1";

export interface DnsFixture {
  port: number;
  /** The DoH endpoint (`http://127.0.0.1:N/dns-query`), when started with `doh: true`. */
  dohUrl?: string;
  /** Every question received, in order, so tests can count what reached the server. */
  queries: FixtureQuery[];
  stop(): Promise<void>;
}

export async function startDnsFixture(options: { port?: number; doh?: boolean } = {}): Promise<DnsFixture> {
  const queries: FixtureQuery[] = [];
  const answer = (message: Uint8Array, transport: FixtureTransport) => {
    const { question, reply } = answerFixtureQuery(message, transport);
    if (question) queries.push(question);
    return reply;
  };

  const { udp, tcp } = await bindBoth(options.port ?? 0);
  udp.on("message", (message: Buffer, from: { address: string; port: number }) => {
    const reply = answer(new Uint8Array(message), "udp");
    if (reply) udp.send(reply, from.port, from.address);
  });
  const connections = new Set<Deno.TcpConn>();
  const accepting = acceptTcp(tcp, connections, answer);

  const dohAnswers = dohHandler(answer);
  const doh = options.doh ? Deno.serve({ hostname: HOST, port: 0, onListen: () => {} }, dohAnswers.handle) : undefined;

  return {
    port: tcp.addr.port,
    dohUrl: doh ? `http://${HOST}:${doh.addr.port}/dns-query` : undefined,
    queries,
    async stop() {
      await new Promise<void>((resolve) => udp.close(() => resolve()));
      tcp.close();
      for (const connection of connections) connection.close();
      await accepting;
      dohAnswers.endUnanswered();
      await doh?.shutdown();
    },
  };
}

/** UDP and TCP on the same port; with port 0, the one UDP was given, retried if TCP finds it taken. */
async function bindBoth(port: number): Promise<{ udp: dgram.Socket; tcp: Deno.TcpListener }> {
  for (let attempt = 0;; attempt++) {
    const udp = dgram.createSocket("udp4");
    await new Promise<void>((resolve, reject) => {
      udp.once("error", reject);
      udp.bind(port, HOST, () => {
        udp.off("error", reject);
        resolve();
      });
    });
    try {
      return { udp, tcp: Deno.listen({ hostname: HOST, port: udp.address().port }) };
    } catch (error) {
      await new Promise<void>((resolve) => udp.close(() => resolve()));
      if (port !== 0 || !(error instanceof Deno.errors.AddrInUse) || attempt === 10) throw error;
    }
  }
}

/** RFC 7766: length-prefixed messages, as many as the client sends on one connection. */
async function acceptTcp(
  listener: Deno.TcpListener,
  connections: Set<Deno.TcpConn>,
  answer: (message: Uint8Array, transport: FixtureTransport) => Uint8Array<ArrayBuffer> | null,
): Promise<void> {
  const serving = new Set<Promise<void>>();
  try {
    for await (const connection of listener) {
      connections.add(connection);
      const done = serveTcp(connection, answer).finally(() => {
        connections.delete(connection);
        serving.delete(done);
      });
      serving.add(done);
    }
  } catch (error) {
    if (!(error instanceof Deno.errors.BadResource)) throw error;
  }
  await Promise.all(serving);
}

async function serveTcp(
  connection: Deno.TcpConn,
  answer: (message: Uint8Array, transport: FixtureTransport) => Uint8Array<ArrayBuffer> | null,
): Promise<void> {
  let buffered: Uint8Array<ArrayBuffer> = new Uint8Array(0);
  const chunk = new Uint8Array(4096);
  try {
    while (true) {
      const read = await connection.read(chunk);
      if (read === null) break;
      buffered = concat(buffered, chunk.subarray(0, read));
      while (buffered.length >= 2 && buffered.length >= 2 + ((buffered[0]! << 8) | buffered[1]!)) {
        const length = (buffered[0]! << 8) | buffered[1]!;
        const reply = answer(buffered.slice(2, 2 + length), "tcp");
        buffered = buffered.slice(2 + length);
        if (reply) await writeAll(connection, concat(new Uint8Array([reply.length >> 8, reply.length & 0xff]), reply));
      }
    }
  } catch (error) {
    // The client hung up, or stop() closed the connection under us.
    const hungUp = error instanceof Deno.errors.BadResource || error instanceof Deno.errors.ConnectionReset ||
      error instanceof Deno.errors.Interrupted;
    if (!hungUp) throw error;
  }
  try {
    connection.close();
  } catch {
    // Already closed by stop().
  }
}

/**
 * RFC 8484 §4.1: POST with an application/dns-message body; the answer in the same format. A question the fixture
 * leaves unanswered gets response headers and then a body that never ends, until the client gives up or stop() ends
 * it, so a DoH client's timeout covers the whole exchange.
 */
function dohHandler(answer: (message: Uint8Array, transport: FixtureTransport) => Uint8Array<ArrayBuffer> | null) {
  const unanswered = new Set<ReadableStreamDefaultController<Uint8Array>>();
  const handle = async (request: Request): Promise<Response> => {
    if (new URL(request.url).pathname !== "/dns-query") return new Response("not found", { status: 404 });
    if (request.method !== "POST") return new Response("POST only", { status: 405, headers: { allow: "POST" } });
    if (request.headers.get("content-type") !== "application/dns-message") {
      return new Response("expected application/dns-message", { status: 415 });
    }
    const headers = { "content-type": "application/dns-message" };
    const reply = answer(new Uint8Array(await request.arrayBuffer()), "doh");
    if (reply) return new Response(reply, { headers });
    let pending: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => void unanswered.add(pending = controller),
      cancel: () => void unanswered.delete(pending),
    });
    return new Response(body, { headers });
  };
  const endUnanswered = () => {
    for (const controller of unanswered) controller.close();
    unanswered.clear();
  };
  return { handle, endUnanswered };
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array<ArrayBuffer> {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

async function writeAll(connection: Deno.TcpConn, bytes: Uint8Array): Promise<void> {
  for (let written = 0; written < bytes.length;) written += await connection.write(bytes.subarray(written));
}

if (import.meta.main) {
  const portFlag = Deno.args.indexOf("--port");
  const port = portFlag === -1 ? 0 : Number(Deno.args[portFlag + 1]);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    console.error("usage: fixture-server.ts [--port N]");
    Deno.exit(2);
  }
  const fixture = await startDnsFixture({ port });
  console.log(`listening on ${HOST}:${fixture.port}`);
  const stop = async () => {
    await fixture.stop();
    Deno.exit(0);
  };
  Deno.addSignalListener("SIGTERM", stop);
  Deno.addSignalListener("SIGINT", stop);
}
