// The one port the browser and supabase-js talk to, routed as the Supabase CLI's Kong routes it
// (shared/reference/supabase-contract.md §1.2, §1.5, §4.2, §4.3): /auth/v1 to Auth, /functions/v1/NAME to that
// function's Deno process (verify_jwt enforced here, X-Forwarded-For set to the client's address), plus what
// production's static host does for the SPA: /api/* to the api function and the built web app at /. GET /health
// reports each component.
import type { IncomingMessage } from "node:http";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { mount } from "hono/mount";
import { proxy } from "hono/proxy";
import { jwtVerify } from "jose";
import type { HealthReport } from "./health.ts";
import { spa } from "./spa.ts";

export interface GatewayFunction {
  port: number;
  verifyJwt: boolean;
}

export interface GatewayOptions {
  auth: { fetch(request: Request): Response | Promise<Response> };
  functions: ReadonlyMap<string, GatewayFunction>;
  jwtSecret: string;
  webDist: string;
  health: () => Promise<HealthReport>;
  log: (line: string) => void;
}

export function createGateway(options: GatewayOptions): Hono {
  const app = new Hono();
  const secret = new TextEncoder().encode(options.jwtSecret);

  app.use(cors);
  app.get("/health", async (c) => {
    const report = await options.health();
    return c.json(report, report.healthy ? 200 : 503);
  });
  app.all("/auth/v1/*", mount((request: Request) => options.auth.fetch(request)));

  // The function sees /NAME/..., as behind Supabase's gateway.
  app.all("/functions/v1/*", (c) => forwardToFunction(c, "/functions/v1"));
  // What the SPA's host does in production: /api/* is the api function's /api/*.
  app.all("/api/*", (c) => forwardToFunction(c, ""));

  app.get("*", spa(options.webDist));

  /** Sends the request to the function named by the first segment of its path once `prefix` is taken off. */
  async function forwardToFunction(c: Context, prefix: string): Promise<Response> {
    // The raw URL, not Hono's decoded path: an encoded segment (%2F) must reach the function as it was sent.
    const { pathname, search } = new URL(c.req.url);
    const path = pathname.slice(prefix.length);
    const name = path.split("/")[1] ?? "";
    const target = options.functions.get(name);
    if (!target) return c.text("Function not found", 404);
    if (target.verifyJwt && c.req.method !== "OPTIONS") {
      const rejection = await rejectJwt(c.req.header("authorization"), secret);
      if (rejection) return c.json({ msg: rejection }, 401);
    }
    try {
      return await proxy(`http://127.0.0.1:${target.port}${path}${search}`, {
        raw: c.req.raw,
        headers: headersForFunction(c.req.raw.headers, clientAddress(c)),
      });
    } catch (error) {
      // The browser went away; nobody reads this answer.
      if (c.req.raw.signal.aborted) return c.body(null, 502);
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      options.log(`gateway: function ${name} did not answer: ${cause instanceof Error ? cause.message : String(cause)}`);
      return c.json({ code: "BOOT_ERROR", message: "Worker failed to boot (please check logs)" }, 503);
    }
  }

  return app;
}

// RFC 9110 §7.6.1: these describe one connection, not the request, so a proxy does not pass them on. (hono's proxy
// drops them from the raw request's headers, but not from headers given to it, as here.)
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

// Request headers supabase-js and browsers send that are not CORS-safelisted; allowed when a preflight names none.
const ALLOWED_HEADERS =
  "authorization, apikey, x-client-info, content-type, x-supabase-api-version, x-retry-count, prefer, accept-profile, " +
  "content-profile, range, x-region, traceparent, tracestate, baggage";
// Response headers the browser client must be able to read (§1.5); Authorization carries /api's access token.
const EXPOSED_HEADERS = "X-Supabase-Api-Version, X-Total-Count, Link, Content-Range, Authorization";

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
  // Set, not appended: a function that answers CORS itself must not end up with two values, which browsers reject.
  c.res.headers.set("Access-Control-Allow-Origin", "*");
  c.res.headers.set("Access-Control-Expose-Headers", EXPOSED_HEADERS);
};
