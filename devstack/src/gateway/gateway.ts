// The one port the browser and supabase-js talk to, routed as the Supabase CLI's Kong routes it:
// /auth/v1 to Auth, /realtime/v1/api to Realtime's REST API (its websocket is the server's upgrade, see
// cli/stack.ts), /functions/v1/NAME to that
// function's Deno process, or in turn to each of its processes when it has several (verify_jwt enforced here,
// X-Forwarded-For set to the client's address), plus what production's static host does for the SPA: /api/* to the
// api function, the SEO landing pages, sitemap and robots.txt to the seo-pages function, and the built web app at /.
// GET /health reports each component; GET /_devstack/functions (devstack only, service-role key) lists the functions'
// processes, and PUT /_devstack/functions/NAME/settings restarts one with settings of a test's own (e2e shows what the
// product does when an operator left one unset). POST, GET and DELETE /_devstack/probe-workers (same key) start, list and
// stop the stack's probe workers, for the tests of mailbox probing.
import { Agent, request as requestFunction, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { Readable, Transform } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { createAdaptorServer } from "@hono/node-server";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { mount } from "hono/mount";
import { jwtVerify } from "jose";
import {
  bodyLimitForPath,
  formatBytes,
  bodyTooLargeMessage,
  HEADER_SECTION_MAX_BYTES,
  readBodyWithin,
} from "../../../edge-functions/_shared/contracts/http-limits.ts";
import { securityHeadersOf } from "../../../edge-functions/_shared/contracts/security-headers.ts";
import type { ProbeWorkers } from "../probe-workers/probe-workers.ts";
import type { HealthReport } from "./health.ts";
import { spa } from "./spa.ts";

/** One of a function's Deno processes. */
export interface FunctionInstance {
  port: number;
  /** Resolves once the process can take a request; one being restarted gets its new port meanwhile. */
  ready?(): Promise<void>;
}

export interface GatewayFunction {
  verifyJwt: boolean;
  /** Its processes: requests go to each in turn, as the edge runtime spreads a function's requests over isolates. */
  instances: readonly FunctionInstance[];
}

/** A function's Deno process, as tests that kill one see it come back. */
export interface FunctionProcessStatus {
  name: string;
  /** Which of the function's processes, from 1. */
  instance: number;
  pid: number;
  port: number;
  restarts: number;
}

export interface GatewayOptions {
  auth: { fetch(request: Request): Response | Promise<Response> };
  realtime: { fetch(request: Request): Response | Promise<Response> };
  functions: ReadonlyMap<string, GatewayFunction>;
  jwtSecret: string;
  webDist: string;
  /** SUPABASE_URL as the SPA sees it: its API and Realtime origin, named in the Content-Security-Policy. */
  supabaseUrl?: string;
  health: () => Promise<HealthReport>;
  functionProcesses: () => FunctionProcessStatus[];
  /**
   * Restarts every process of the function named with `settings` over the stack's (null unsets one; {} restores the
   * stack's own); false when there is no such function.
   */
  overrideFunctionSettings: (name: string, settings: FunctionSettingsOverride) => Promise<boolean>;
  probeWorkers: Pick<ProbeWorkers, "start" | "list" | "stop">;
  log: (line: string) => void;
}

/** PUT /_devstack/functions/NAME/settings: each setting's value for the function, or null to leave it unset. */
export const functionSettingsOverrideSchema = z.record(z.string().regex(/^[A-Z][A-Z0-9_]*$/), z.string().nullable());
export type FunctionSettingsOverride = z.infer<typeof functionSettingsOverrideSchema>;

export const SEO_PAGES_FUNCTION = "seo-pages";
/** The paths production's SPA host hands to the seo-pages function (README, "SEO pages in production"). */
export const SEO_PAGE_ROUTES = [
  // A slug is required: Hono's "/verify/*" would also take "/verify" itself, which is the SPA's not-found screen.
  "/validate/:slug{.+}",
  "/tools/mx-checker/:slug{.+}",
  "/verify/:slug{.+}",
  "/robots.txt",
  "/:sitemap{sitemap(-[0-9]+)?\\.xml}",
] as const;

export function createGateway(options: GatewayOptions): Hono {
  const app = new Hono();
  const secret = new TextEncoder().encode(options.jwtSecret);
  // Requests sent to each function so far: whose turn it is among its instances.
  const sent = new Map<string, number>();

  app.use(cors);
  app.use(limitDeclaredBody);
  app.get("/health", async (c) => {
    const report = await options.health();
    return c.json(report, report.healthy ? 200 : 503);
  });
  app.get("/_devstack/functions", async (c) => {
    if (!(await isServiceRole(c.req.header("authorization"), secret))) {
      return c.json({ message: "The service-role key is required" }, 401);
    }
    return c.json(options.functionProcesses());
  });
  app.put("/_devstack/functions/:name/settings", async (c) => {
    if (!(await isServiceRole(c.req.header("authorization"), secret))) {
      return c.json({ message: "The service-role key is required" }, 401);
    }
    const settings = functionSettingsOverrideSchema.safeParse(await c.req.json().catch(() => undefined));
    if (!settings.success) {
      return c.json({ message: "The body must map setting names (UPPER_CASE) to a text or null" }, 400);
    }
    if (!(await options.overrideFunctionSettings(c.req.param("name"), settings.data))) {
      return c.json({ message: `There is no function ${c.req.param("name")}` }, 404);
    }
    return c.json(options.functionProcesses().filter((fn) => fn.name === c.req.param("name")));
  });
  app.use("/_devstack/probe-workers/*", async (c, next) => {
    if (!(await isServiceRole(c.req.header("authorization"), secret))) {
      return c.json({ message: "The service-role key is required" }, 401);
    }
    await next();
  });
  // Answers once the worker's heartbeat row exists, so the test's next probe request finds a worker alive.
  // An optional body sets the worker's own settings over the stack's, as PUT /_devstack/functions/NAME/settings does.
  app.post("/_devstack/probe-workers", async (c) => {
    const text = await c.req.text();
    const settings = functionSettingsOverrideSchema.safeParse(text === "" ? {} : await c.req.json().catch(() => undefined));
    if (!settings.success) {
      return c.json({ message: "The body must be empty or map setting names (UPPER_CASE) to a text or null" }, 400);
    }
    try {
      return c.json(await options.probeWorkers.start(settings.data), 201);
    } catch (error) {
      return c.json({ message: `The probe worker did not start: ${(error as Error).message}` }, 500);
    }
  });
  app.get("/_devstack/probe-workers", (c) => c.json(options.probeWorkers.list()));
  // A graceful stop: the worker stores or gives back its probes and removes its heartbeat row before this answers.
  app.delete("/_devstack/probe-workers/:id", async (c) => {
    if (!(await options.probeWorkers.stop(c.req.param("id")))) {
      return c.json({ message: `There is no probe worker ${c.req.param("id")}` }, 404);
    }
    return c.body(null, 204);
  });
  app.all("/auth/v1/*", limitStreamedBody, mount((request: Request) => options.auth.fetch(request)));
  app.all("/realtime/v1/*", limitStreamedBody, mount((request: Request) => options.realtime.fetch(request)));

  // The function sees /NAME/..., as behind Supabase's gateway.
  app.all("/functions/v1/*", (c) => forwardToFunction(c, "/functions/v1"));
  // What the SPA's host does in production: /api/* is the api function's /api/*.
  app.all("/api/*", (c) => forwardToFunction(c, ""));
  // And what it does for crawlers: the landing pages, the sitemap and robots.txt are the seo-pages function's, which
  // sees them under its name as behind Supabase's gateway.
  for (const path of SEO_PAGE_ROUTES) app.all(path, (c) => forwardToFunction(c, "", SEO_PAGES_FUNCTION));

  app.get("*", withSecurityHeaders(options.supabaseUrl), spa(options.webDist));

  /**
   * Sends the request to the function named by the first segment of its path once `prefix` is taken off, or to the
   * function `named`, which then sees its name before the path.
   */
  async function forwardToFunction(c: Context, prefix: string, named?: string): Promise<Response> {
    // The raw URL, not Hono's decoded path: an encoded segment (%2F) must reach the function as it was sent.
    const { pathname, search } = new URL(c.req.url);
    const path = named ? `/${named}${pathname}` : pathname.slice(prefix.length);
    const name = named ?? path.split("/")[1] ?? "";
    const target = options.functions.get(name);
    if (!target) return c.text("Function not found", 404);
    if (target.verifyJwt && c.req.method !== "OPTIONS") {
      const rejection = await rejectJwt(c.req.header("authorization"), secret);
      if (rejection) return c.json({ msg: rejection }, 401);
    }
    const turn = sent.get(name) ?? 0;
    sent.set(name, turn + 1);
    const instance = target.instances[turn % target.instances.length]!;
    await instance.ready?.();
    const client = nodeClient(c);
    const maxBytes = bodyLimitForPath(path);
    const reply = await askFunction(c, client, instance.port, `${path}${search}`, maxBytes);
    if ("tooLarge" in reply) return bodyTooLarge(c, client, maxBytes);
    if ("failure" in reply) {
      // The browser went away; nobody reads this answer.
      if (reply.browserLeft) return c.body(null, 502);
      options.log(`gateway: function ${name} did not answer: ${reply.failure.message}`);
      return c.json({ code: "BOOT_ERROR", message: "Worker failed to boot (please check logs)" }, 503);
    }
    return passOn(c, client, reply.answer);
  }

  return app;
}

type FunctionReply = { answer: IncomingMessage } | { failure: Error; browserLeft: boolean } | { tooLarge: true };

/**
 * Sends the request, body and all, to the function on `port`, on a kept-alive connection. The body is counted on its
 * way: past `maxBytes` (a chunked body declares no length) the function is hung up on and the rest is never read.
 */
function askFunction(c: Context, client: NodeClient | undefined, port: number, pathAndQuery: string, maxBytes: number) {
  const headers = headersForFunction(c.req.raw.headers, clientAddress(c));
  headers.set("host", `127.0.0.1:${port}`);
  return new Promise<FunctionReply>((resolve) => {
    let browserLeft = false;
    const upstream = requestFunction({
      agent: functionAgent,
      host: "127.0.0.1",
      port,
      method: c.req.method,
      path: pathAndQuery,
      headers: Object.fromEntries(headers),
    });
    let answered = false;
    upstream.once("response", (answer) => {
      answered = true;
      resolve({ answer });
    });
    // `on`, not `once`: a later error (the function hanging up mid-answer) is passOn's to handle, not a crash.
    upstream.on("error", (failure) => resolve({ failure, browserLeft: client ? browserLeft : c.req.raw.signal.aborted }));
    const counter = byteCounter(maxBytes, () => {
      // The function refused it first (its own limit is the same): its answer is on its way.
      if (answered) return;
      resolve({ tooLarge: true });
      upstream.destroy();
      // A browser's socket keeps flowing through the counter, which drops the rest; a web stream is simply stopped.
      if (!client) source?.destroy();
    });
    counter.pipe(upstream);
    const source = client ? client.incoming : c.req.raw.body ? Readable.fromWeb(c.req.raw.body as NodeReadableStream) : null;
    if (client) {
      client.incoming.pipe(counter);
      // The browser went away before its answer was complete: stop asking.
      client.outgoing.once("close", () => {
        if (client.outgoing.writableFinished) return;
        browserLeft = true;
        upstream.destroy();
      });
    } else if (source) {
      source.pipe(counter);
    } else {
      counter.end();
    }
  });
}

/** Passes bytes on until more than maxBytes went through, then calls tooMany once and passes nothing more. */
function byteCounter(maxBytes: number, tooMany: () => void): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.byteLength;
      if (seen <= maxBytes) return done(null, chunk);
      if (seen - chunk.byteLength <= maxBytes) tooMany();
      done();
    },
  });
}

/** 413 for a body declared larger than its path allows, before anything is read or proxied. */
const limitDeclaredBody: MiddlewareHandler = async (c, next) => {
  const declared = c.req.header("content-length");
  if (declared === undefined || c.req.header("transfer-encoding")) return await next();
  // Limits are per path as the function sees it: /functions/v1/api/contacts/import and /api/contacts/import alike.
  const maxBytes = bodyLimitForPath(c.req.path.replace(/^\/functions\/v1(?=\/)/, ""));
  const length = Number(declared);
  if (!Number.isSafeInteger(length) || length > maxBytes) return bodyTooLarge(c, nodeClient(c), maxBytes);
  await next();
};

/**
 * For what the gateway answers itself (Auth): a body without a declared length is read here, never past its limit,
 * before Auth sees it. From a browser's socket the rest of an oversized body is read and dropped, so the 413 reaches
 * it; a web stream (fetch-style calls) is cancelled.
 */
const limitStreamedBody: MiddlewareHandler = async (c, next) => {
  const declared = c.req.header("content-length") !== undefined && !c.req.header("transfer-encoding");
  if (declared || c.req.method === "GET" || c.req.method === "HEAD") return await next();
  const client = nodeClient(c);
  const maxBytes = bodyLimitForPath(c.req.path);
  // From a socket, never c.req.raw.body: @hono/node-server would start a web stream on the socket that competes for it.
  let bytes: Uint8Array<ArrayBuffer> | null;
  if (client) bytes = await readSocketBodyWithin(client.incoming, maxBytes);
  else if (c.req.raw.body) bytes = await readBodyWithin(c.req.raw.body, maxBytes);
  else return await next();
  if (!bytes) return bodyTooLarge(c, client, maxBytes);
  c.req.raw = new Request(c.req.raw.url, { method: c.req.method, headers: c.req.raw.headers, body: bytes });
  await next();
};

/** The request's body from its socket, or null once it passes maxBytes (what follows is read and dropped). */
function readSocketBodyWithin(incoming: IncomingMessage, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    incoming.on("data", (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > maxBytes) return resolve(null);
      chunks.push(chunk);
    });
    incoming.once("end", () => resolve(size > maxBytes ? null : new Uint8Array(Buffer.concat(chunks))));
    incoming.once("error", reject);
  });
}

/** How long a socket keeps draining an oversized body after its 413, as nginx's lingering_time bounds the same wait. */
const LINGER_MS = 10_000;

/**
 * The 413 answer. The rest of the body is read and dropped, never kept: a socket closed with unread data in it is
 * reset, and a client reset while still sending never reads the answer. So the socket is not closed with the answer
 * (no Connection: close) but lingers until the body has ended, when it is fit for a next request, or LINGER_MS
 * passed for a body that never ends.
 */
function bodyTooLarge(c: Context, client: NodeClient | undefined, maxBytes: number): Response {
  if (client) {
    const { incoming } = client;
    if (!incoming.complete) {
      const linger = setTimeout(() => incoming.socket.destroy(), LINGER_MS);
      incoming.once("end", () => clearTimeout(linger));
      incoming.once("close", () => clearTimeout(linger));
    }
    incoming.resume();
    if (client.outgoing.headersSent) {
      client.outgoing.destroy();
      return RESPONSE_ALREADY_SENT;
    }
  } else {
    c.header("Connection", "close");
  }
  return c.json({ message: bodyTooLargeMessage(maxBytes) }, 413);
}

/** The SPA's answers (files and index.html) carry the security headers; HSTS when the browser came over https. */
function withSecurityHeaders(supabaseUrl: string | undefined): MiddlewareHandler {
  const headersFor = securityHeadersOf(supabaseUrl);
  return async (c, next) => {
    await next();
    for (const [name, value] of headersFor(c.req.url, c.req.header("x-forwarded-proto"))) c.res.headers.set(name, value);
  };
}

/**
 * The gateway's HTTP server: the request line and headers may take HEADER_SECTION_MAX_BYTES, and more is answered 431
 * (Node's own handler writes its answer, then destroys the socket: a client still sending its headers is reset and
 * never reads it).
 */
export function createGatewayServer(
  fetch: (request: Request) => Response | Promise<Response>,
  { overrideGlobalObjects = true } = {},
): Server {
  const server = createAdaptorServer({
    fetch,
    overrideGlobalObjects,
    // Its cleanup destroys a request still arriving when its answer is done: a client still sending an oversized
    // body would be reset before reading its 413. bodyTooLarge drains and bounds such a body instead.
    autoCleanupIncoming: false,
    serverOptions: { maxHeaderSize: HEADER_SECTION_MAX_BYTES },
  }) as Server;
  server.on("clientError", answerClientError);
  return server;
}

const CLIENT_ERROR_GRACE_MS = 5_000;

// Sockets already answered: Node's parser reports an error again for every later chunk, which must change nothing.
const answeredSockets = new WeakSet<Duplex>();

function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (answeredSockets.has(socket)) return;
  answeredSockets.add(socket);
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const [status, message] = error.code === "HPE_HEADER_OVERFLOW"
    ? ["431 Request Header Fields Too Large", `Request headers too large: at most ${formatBytes(HEADER_SECTION_MAX_BYTES)}.`]
    : ["400 Bad Request", "Bad request"];
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
  // What the client still sends is read and dropped (not parsed) until it hangs up or a grace period ends, so it
  // isn't reset before it reads the answer.
  socket.removeAllListeners("data");
  socket.on("data", () => {});
  socket.resume();
  setTimeout(() => socket.destroy(), CLIENT_ERROR_GRACE_MS).unref();
}

/** The function's answer, streamed to the browser as the function writes it. */
function passOn(c: Context, client: NodeClient | undefined, answer: IncomingMessage): Response {
  const status = answer.statusCode ?? 502;
  const headers = headersFromFunction(answer);
  if (client) {
    // Straight onto the browser's socket: a Response would cost a web stream and a copy of every header, on the
    // busiest path of the stack.
    client.outgoing.writeHead(status, answer.statusMessage, headers);
    // Node holds the head back until the first bytes of the body. An answer of unknown length may be slow to start (a
    // worker's acceptance, whose body is its summary when its run ends): its caller gets the status at once.
    if (answer.headers["content-length"] === undefined) client.outgoing.flushHeaders();
    pipeOn(answer, client.outgoing);
    return RESPONSE_ALREADY_SENT;
  }
  const noBody = c.req.method === "HEAD" || status === 204 || status === 205 || status === 304;
  if (noBody) answer.resume();
  return new Response(noBody ? null : (Readable.toWeb(answer) as ReadableStream<Uint8Array>), {
    status,
    statusText: answer.statusMessage,
    headers: Object.entries(headers).flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value]).map((one): [string, string] => [name, one]),
    ),
  });
}

/**
 * What pipeline(answer, outgoing) does, without its cost on every answer (an AbortController it aborts when done, and
 * the DOMException that makes): the answer streamed on, and if the browser or the function hangs up mid-answer, both
 * closed, the error swallowed.
 */
function pipeOn(answer: IncomingMessage, outgoing: ServerResponse): void {
  const ignore = () => {};
  answer.on("error", ignore);
  outgoing.on("error", ignore);
  answer.once("close", () => {
    if (!answer.readableEnded) outgoing.destroy();
  });
  outgoing.once("close", () => {
    if (!outgoing.writableFinished) answer.destroy();
  });
  answer.pipe(outgoing);
}

// Connections to the functions are kept open between requests; idle ones do not keep the process alive.
const functionAgent = new Agent({ keepAlive: true });

interface NodeClient {
  incoming: IncomingMessage;
  outgoing: ServerResponse;
}

/**
 * The socket's two ends when @hono/node-server serves the request (env.incoming and env.outgoing); absent when the app
 * is called through fetch(), as in tests, where the answer goes back as a Response instead.
 */
function nodeClient(c: Context): NodeClient | undefined {
  const env = c.env as { incoming?: IncomingMessage; outgoing?: ServerResponse } | undefined;
  if (typeof env?.incoming?.pipe !== "function" || typeof env.outgoing?.writeHead !== "function") return undefined;
  return { incoming: env.incoming, outgoing: env.outgoing };
}

// RFC 9110 §7.6.1: these describe one connection, not the request or its answer, so a proxy passes them on in neither
// direction.
const HOP_BY_HOP_HEADERS = [
  "connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "te", "trailer", "transfer-encoding", "upgrade",
];
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * What the function is sent: the client's headers without hop-by-hop ones, and X-Forwarded-For set to the address
 * this gateway's socket sees, as Supabase's gateway does. The client's own X-Forwarded-For is never passed on: the
 * anonymous allowance is kept per client address, and a header the client chose would let anyone pick a fresh one.
 */
export function headersForFunction(incoming: Headers, clientAddress: string | undefined): Headers {
  const headers = new Headers(incoming);
  const listedInConnection = (headers.get("connection") ?? "").split(",").map((name) => name.trim());
  for (const name of [...HOP_BY_HOP_HEADERS, ...listedInConnection]) {
    if (HEADER_NAME.test(name)) headers.delete(name);
  }
  headers.delete("x-forwarded-for");
  if (clientAddress) headers.set("x-forwarded-for", clientAddress);
  return headers;
}

/**
 * The function's response headers minus hop-by-hop ones, with the gateway's CORS headers in place of its own; the
 * headers a function exposes itself (its RateLimit headers, say) stay readable beside the gateway's.
 */
function headersFromFunction(answer: IncomingMessage): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value !== undefined) headers[name] = value;
  }
  const listedInConnection = String(headers.connection ?? "").split(",").map((name) => name.trim().toLowerCase());
  for (const name of [...HOP_BY_HOP_HEADERS, ...listedInConnection]) delete headers[name];
  return {
    ...headers,
    ...CORS_RESPONSE_HEADERS,
    "access-control-expose-headers": exposedWith(headers["access-control-expose-headers"]),
  };
}

function exposedWith(functionExposes: string | string[] | undefined): string {
  if (!functionExposes) return EXPOSED_HEADERS;
  const names = [EXPOSED_HEADERS, ...[functionExposes ?? []].flat()].flatMap((list) => list.split(","));
  const byLowerName = new Map<string, string>();
  for (const name of names.map((name) => name.trim()).filter(Boolean)) {
    if (!byLowerName.has(name.toLowerCase())) byLowerName.set(name.toLowerCase(), name);
  }
  return [...byLowerName.values()].join(", ");
}

/** The remote address of the client's socket, which @hono/node-server hands over as env.incoming. */
function clientAddress(c: Context): string | undefined {
  const env = c.env as { incoming?: IncomingMessage } | undefined;
  return env?.incoming?.socket.remoteAddress;
}

/** Why verify_jwt refuses this Authorization header, in the words of the CLI's edge runtime, or nothing if it passes. */
async function rejectJwt(authorization: string | undefined, secret: Uint8Array): Promise<string | undefined> {
  if (!authorization) return "Error: Missing authorization header";
  const [scheme, token] = authorization.split(" ");
  if (scheme !== "Bearer" || !token) return "Error: Auth header is not 'Bearer {token}'";
  try {
    await jwtVerify(token, secret, { algorithms: ["HS256"] });
    return undefined;
  } catch {
    return "Invalid JWT";
  }
}

/** Whether the Authorization header carries a valid token of the service role, as the service-role key is. */
async function isServiceRole(authorization: string | undefined, secret: Uint8Array): Promise<boolean> {
  const [scheme, token] = authorization?.split(" ") ?? [];
  if (scheme !== "Bearer" || !token) return false;
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ["HS256"] });
    return payload.role === "service_role";
  } catch {
    return false;
  }
}

// Request headers supabase-js and browsers send that are not CORS-safelisted; allowed when a preflight names none.
const ALLOWED_HEADERS =
  "authorization, apikey, x-client-info, content-type, x-supabase-api-version, x-retry-count, prefer, accept-profile, " +
  "content-profile, range, x-region, traceparent, tracestate, baggage";
// Response headers the browser client must be able to read; Authorization carries /api's access token.
const EXPOSED_HEADERS = "X-Supabase-Api-Version, X-Total-Count, Link, Content-Range, Authorization";
const CORS_RESPONSE_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": EXPOSED_HEADERS,
};

/** CORS on every route, as Kong's cors plugin answers it: preflights end here, never needing a JWT. */
const cors: MiddlewareHandler = async (c, next) => {
  if (c.req.method === "OPTIONS" && c.req.header("access-control-request-method")) {
    return new Response(null, {
      status: 204,
      headers: {
        "Access-Control-Allow-Origin": "*",
        "Access-Control-Allow-Methods": "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS",
        "Access-Control-Allow-Headers": c.req.header("access-control-request-headers") ?? ALLOWED_HEADERS,
        "Access-Control-Max-Age": "3600",
      },
    });
  }
  await next();
  // A function's answer already on the socket got these from headersFromFunction.
  if (c.res === RESPONSE_ALREADY_SENT) return;
  // Set, not appended: a function that answers CORS itself must not end up with two values, which browsers reject.
  const exposed = exposedWith(c.res.headers.get("access-control-expose-headers") ?? undefined);
  for (const [name, value] of Object.entries(CORS_RESPONSE_HEADERS)) c.res.headers.set(name, value);
  c.res.headers.set("access-control-expose-headers", exposed);
};
