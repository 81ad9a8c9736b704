// The gateway against a stand-in upstream (a Node server that echoes what reached it) and a stand-in Auth app.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdaptorServer } from "@hono/node-server";
import {
  createGateway,
  createGatewayServer,
  type FunctionSettingsOverride,
  type GatewayFunction,
  headersForFunction,
} from "./gateway.ts";
import type { HealthReport } from "./health.ts";
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET, LOCAL_SERVICE_ROLE_KEY } from "../auth/keys.ts";
import { freePort } from "../cli/ports.ts";

interface Echo {
  method: string;
  url: string;
  authorization: string | null;
  forwardedFor: string | null;
  body: string;
}

let upstream: Server;
let upstreamPort: number;
let webDist: string;
let health: HealthReport = { healthy: true, components: {} };
// Lets the upstream's /api/stream answer finish only when the test says so.
let finishStream = () => {};
const logged: string[] = [];

beforeAll(async () => {
  upstream = createServer((request, response) => {
    if (request.url === "/api/stream") {
      response.writeHead(200, { "Content-Type": "text/plain" });
      response.write("first\n");
      finishStream = () => response.end("second\n");
      return;
    }
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const echo: Echo = {
        method: request.method ?? "",
        url: request.url ?? "",
        authorization: request.headers.authorization ?? null,
        forwardedFor: request.headers["x-forwarded-for"]?.toString() ?? null,
        body,
      };
      response.writeHead(200, {
        "Content-Type": "application/json",
        Authorization: "Bearer from-the-function",
        // A function answering CORS itself must not end up with two values.
        "Access-Control-Allow-Origin": "https://function.example",
        "Access-Control-Expose-Headers": "RateLimit-Remaining, authorization",
      });
      response.end(JSON.stringify(echo));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  const address = upstream.address();
  upstreamPort = typeof address === "object" && address ? address.port : 0;

  webDist = mkdtempSync(join(tmpdir(), "devstack-dist-"));
  mkdirSync(join(webDist, "assets"));
  writeFileSync(join(webDist, "index.html"), "<!doctype html><title>MailScout</title>");
  writeFileSync(join(webDist, "assets/app-1234.js"), "console.log('app')");
});

afterAll(() => {
  upstream.close();
  rmSync(webDist, { recursive: true, force: true });
});

const auth = new Hono();
auth.all("*", async (c) => {
  const bytes = c.req.method === "GET" ? undefined : (await c.req.arrayBuffer()).byteLength || undefined;
  return c.json({ path: c.req.path, method: c.req.method, query: c.req.query(), bytes });
});

const realtime = new Hono();
realtime.post("/api/broadcast", (c) => c.json({ path: c.req.path }, 202));

const overridden: { name: string; settings: FunctionSettingsOverride }[] = [];

// The workers a test started through the gateway, as the stack's manager keeps them.
const PROBE_WORKER = { id: "7f6c3a52-9a0e-4b51-8d43-3b8e1f0c2d11", pid: 5151, startedAt: "2026-11-27T10:00:00.000Z" };
const probeWorkersRunning: (typeof PROBE_WORKER)[] = [];
const probeWorkerSettings: Record<string, string | null>[] = [];
const probeWorkers = {
  start: async (settings: Record<string, string | null> = {}) => {
    probeWorkerSettings.push(settings);
    probeWorkersRunning.push(PROBE_WORKER);
    return PROBE_WORKER;
  },
  list: () => [...probeWorkersRunning],
  stop: async (id: string) => {
    const index = probeWorkersRunning.findIndex((worker) => worker.id === id);
    if (index >= 0) probeWorkersRunning.splice(index, 1);
    return index >= 0;
  },
};

function gateway(options: { webDist?: string; functions?: Map<string, GatewayFunction> } = {}) {
  return createGateway({
    auth,
    realtime,
    functions:
      options.functions ??
      new Map([
        ["api", { verifyJwt: false, instances: [{ port: upstreamPort }] }],
        ["hello", { verifyJwt: true, instances: [{ port: upstreamPort }] }],
      ]),
    jwtSecret: LOCAL_JWT_SECRET,
    webDist: options.webDist ?? webDist,
    health: async () => health,
    functionProcesses: () => [{ name: "api", instance: 1, pid: 4242, port: upstreamPort, restarts: 1 }],
    overrideFunctionSettings: async (name, settings) => {
      overridden.push({ name, settings });
      return name === "api";
    },
    probeWorkers,
    log: (line) => logged.push(line),
  });
}

const sign = (secret: string, expiresAt: number) =>
  new SignJWT({ role: "authenticated" })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(secret));
const now = () => Math.floor(Date.now() / 1000);

describe("gateway: functions", () => {
  it("forwards /functions/v1/NAME/... to the function as /NAME/..., with method, query, body and Authorization", async () => {
    const response = await gateway().request("/functions/v1/hello/greet?name=ada", {
      method: "POST",
      headers: { Authorization: `Bearer ${LOCAL_ANON_KEY}`, "Content-Type": "text/plain" },
      body: "hi",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      method: "POST",
      url: "/hello/greet?name=ada",
      authorization: `Bearer ${LOCAL_ANON_KEY}`,
      forwardedFor: null,
      body: "hi",
    });
  });

  it("passes the function's Authorization header back, with CORS headers that let the browser read it", async () => {
    const response = await gateway().request("/functions/v1/hello", { headers: { Authorization: `Bearer ${LOCAL_ANON_KEY}` } });
    expect(response.headers.get("authorization")).toBe("Bearer from-the-function");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const exposed = response.headers.get("access-control-expose-headers")?.split(", ");
    expect(exposed).toEqual(
      expect.arrayContaining(["X-Supabase-Api-Version", "X-Total-Count", "Link", "Content-Range", "Authorization"]),
    );
    expect(exposed, "the function's own exposed headers stay, once each").toContain("RateLimit-Remaining");
    expect(exposed?.filter((name) => name.toLowerCase() === "authorization")).toHaveLength(1);
  });

  it("keeps encoded path segments as they were sent", async () => {
    const response = await gateway().request("/functions/v1/api/files/a%2Fb%20c");
    expect(((await response.json()) as Echo).url).toBe("/api/files/a%2Fb%20c");
  });

  it("refuses a verify_jwt function without a token, with the edge runtime's words", async () => {
    const response = await gateway().request("/functions/v1/hello", { method: "POST" });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ msg: "Error: Missing authorization header" });
  });

  it("refuses a token that is not a JWT, is signed with another secret, or has expired", async () => {
    const tokens = [
      "not-a-jwt",
      await sign("another-secret-that-is-at-least-32-characters", now() + 60),
      await sign(LOCAL_JWT_SECRET, now() - 60),
    ];
    for (const token of tokens) {
      const response = await gateway().request("/functions/v1/hello", { headers: { Authorization: `Bearer ${token}` } });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ msg: "Invalid JWT" });
    }
  });

  it("accepts any valid JWT (no role check), such as a fresh user token", async () => {
    const token = await sign(LOCAL_JWT_SECRET, now() + 60);
    const response = await gateway().request("/functions/v1/hello", { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
  });

  it("lets a function with verify_jwt = false see requests without a token", async () => {
    const response = await gateway().request("/functions/v1/api/anything");
    expect(((await response.json()) as Echo).url).toBe("/api/anything");
  });

  it("never asks OPTIONS for a JWT: a plain OPTIONS reaches the function", async () => {
    const response = await gateway().request("/functions/v1/hello", { method: "OPTIONS" });
    expect(response.status).toBe(200);
    expect(((await response.json()) as Echo).method).toBe("OPTIONS");
  });

  it("answers 404 'Function not found' for an unknown function", async () => {
    for (const path of ["/functions/v1/nope", "/functions/v1/nope/deeper", "/functions/v1/"]) {
      const response = await gateway().request(path, { method: "POST" });
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("Function not found");
    }
  });

  it("answers 503 BOOT_ERROR when the function's process does not answer", async () => {
    const app = gateway({ functions: new Map([["down", { verifyJwt: false, instances: [{ port: await freePort() }] }]]) });
    const response = await app.request("/functions/v1/down");
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ code: "BOOT_ERROR" });
    expect(logged.at(-1)).toMatch(/^gateway: function down did not answer: connect ECONNREFUSED/);
  });

  it("waits for a function being restarted, then routes to the port it has by then", async () => {
    let restarted!: () => void;
    const restarting = new Promise<void>((resolve) => (restarted = resolve));
    const instance = { port: await freePort(), ready: () => restarting };
    const functions = new Map([["api", { verifyJwt: false, instances: [instance] }]]);
    const answer = gateway({ functions }).request("/functions/v1/api/after-restart");
    instance.port = upstreamPort;
    restarted();
    const response = await answer;
    expect(response.status).toBe(200);
    expect(((await response.json()) as Echo).url).toBe("/api/after-restart");
  });

  it("sends a function's requests to each of its instances in turn, whatever other functions get", async () => {
    const named = await Promise.all(["first", "second"].map(answeringWith));
    try {
      const app = gateway({
        functions: new Map([
          ["jobs-worker", { verifyJwt: false, instances: named.map(({ port }) => ({ port })) }],
          ["api", { verifyJwt: false, instances: [{ port: upstreamPort }] }],
        ]),
      });
      const answers: string[] = [];
      for (let n = 0; n < 5; n++) {
        answers.push(await (await app.request("/functions/v1/jobs-worker", { method: "POST" })).text());
        await (await app.request("/api/between")).body?.cancel();
      }
      expect(answers).toEqual(["first", "second", "first", "second", "first"]);
    } finally {
      for (const { server } of named) server.close();
    }
  });
});

/** A server that answers every request with `name`. */
async function answeringWith(name: string): Promise<{ server: Server; port: number }> {
  const server = createServer((_, response) => response.end(name));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

describe("gateway: /_devstack/functions", () => {
  it("lists the functions' processes for the service-role key only", async () => {
    const listed = await gateway().request("/_devstack/functions", {
      headers: { Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` },
    });
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual([{ name: "api", instance: 1, pid: 4242, port: upstreamPort, restarts: 1 }]);

    const forged = await sign("not-the-secret", now() + 60);
    for (const authorization of [undefined, `Bearer ${LOCAL_ANON_KEY}`, `Bearer ${forged}`, LOCAL_SERVICE_ROLE_KEY]) {
      const refused = await gateway().request("/_devstack/functions", {
        headers: authorization ? { Authorization: authorization } : {},
      });
      expect(refused.status).toBe(401);
    }
  });

  it("restarts a function with a test's settings for the service-role key only, and refuses bad bodies", async () => {
    overridden.length = 0;
    const put = (name: string, body: unknown, key = LOCAL_SERVICE_ROLE_KEY) =>
      gateway().request(`/_devstack/functions/${name}/settings`, {
        method: "PUT",
        headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });

    const restarted = await put("api", { ZOHO_CLIENT_ID: null, ZOHO_API_URL: "http://127.0.0.1:1" });
    expect(restarted.status).toBe(200);
    expect(await restarted.json()).toEqual([{ name: "api", instance: 1, pid: 4242, port: upstreamPort, restarts: 1 }]);
    expect(overridden).toEqual([{ name: "api", settings: { ZOHO_CLIENT_ID: null, ZOHO_API_URL: "http://127.0.0.1:1" } }]);

    expect((await put("nowhere", {})).status).toBe(404);
    expect((await put("api", { lower_case: "x" })).status).toBe(400);
    expect((await put("api", { ZOHO_CLIENT_ID: 1 })).status).toBe(400);
    expect((await put("api", {}, LOCAL_ANON_KEY)).status).toBe(401);
    expect(overridden).toHaveLength(2);
  });
});

describe("gateway: /_devstack/probe-workers", () => {
  it("starts, lists and stops probe workers for the service-role key only", async () => {
    const call = (method: string, path: string, key = LOCAL_SERVICE_ROLE_KEY, body?: string) =>
      gateway().request(path, { method, headers: { Authorization: `Bearer ${key}` }, body });

    const started = await call("POST", "/_devstack/probe-workers");
    expect(started.status).toBe(201);
    expect(await started.json()).toEqual(PROBE_WORKER);
    expect(probeWorkerSettings).toEqual([{}]);
    expect((await call("POST", "/_devstack/probe-workers", undefined, "{not json")).status).toBe(400);
    expect((await call("POST", "/_devstack/probe-workers", undefined, '{"timeout": "4"}')).status).toBe(400);
    expect(probeWorkersRunning).toEqual([PROBE_WORKER]);
    const listed = await call("GET", "/_devstack/probe-workers");
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual([PROBE_WORKER]);

    for (const [method, path] of [
      ["POST", "/_devstack/probe-workers"],
      ["GET", "/_devstack/probe-workers"],
      ["DELETE", `/_devstack/probe-workers/${PROBE_WORKER.id}`],
    ] as const) {
      expect((await call(method, path, LOCAL_ANON_KEY)).status).toBe(401);
    }
    expect(probeWorkersRunning).toEqual([PROBE_WORKER]);

    // A worker of its own settings, over the stack's.
    const tuned = await call("POST", "/_devstack/probe-workers", undefined, '{"SMTP_PROBE_TIMEOUT_SECONDS": "4"}');
    expect(tuned.status).toBe(201);
    expect(probeWorkerSettings).toEqual([{}, { SMTP_PROBE_TIMEOUT_SECONDS: "4" }]);
    probeWorkersRunning.pop();

    expect((await call("DELETE", `/_devstack/probe-workers/${PROBE_WORKER.id}`)).status).toBe(204);
    expect(probeWorkersRunning).toEqual([]);
    const again = await call("DELETE", `/_devstack/probe-workers/${PROBE_WORKER.id}`);
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ message: `There is no probe worker ${PROBE_WORKER.id}` });
  });
});

describe("gateway: /api", () => {
  it("is the api function's /api/*, as production's static host rewrites it", async () => {
    const response = await gateway().request("/api/auth/login?next=%2F", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "demo" }),
    });
    expect(await response.json()).toEqual({
      method: "POST",
      url: "/api/auth/login?next=%2F",
      authorization: null,
      forwardedFor: null,
      body: '{"username":"demo"}',
    });
    expect(response.headers.get("authorization")).toBe("Bearer from-the-function");
  });

  it("streams the function's answer instead of waiting for its end", async () => {
    const response = await gateway().request("/api/stream");
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    expect(decoder.decode((await reader.read()).value)).toBe("first\n");
    finishStream();
    let rest = "";
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += decoder.decode(chunk.value);
    expect(rest).toBe("second\n");
  });
});

describe("gateway: SEO pages", () => {
  const withSeoPages = () =>
    gateway({ functions: new Map([["seo-pages", { verifyJwt: false, instances: [{ port: upstreamPort }] }]]) });

  it("hands the landing pages, the sitemap and robots.txt to seo-pages under its name, query and encoding kept", async () => {
    for (const path of [
      "/validate/info%40acme-corp.test?utm_source=x",
      "/tools/mx-checker/acme-corp.test",
      "/verify/ACME-corp.test/",
      "/sitemap.xml",
      "/sitemap-12.xml",
      "/robots.txt",
    ]) {
      const response = await withSeoPages().request(path);
      expect(response.status, path).toBe(200);
      expect(((await response.json()) as Echo).url).toBe(`/seo-pages${path}`);
    }
  });

  it("passes HEAD and other methods on, for the function to answer (405 for the latter)", async () => {
    const head = await withSeoPages().request("/verify/acme-corp.test", { method: "HEAD" });
    expect(head.status).toBe(200);
    const post = await withSeoPages().request("/verify/acme-corp.test", { method: "POST", body: "x" });
    expect(((await post.json()) as Echo).method).toBe("POST");
  });

  it("leaves every other path to the SPA, lookalikes included", async () => {
    for (const path of ["/", "/validated", "/tools", "/tools/mx-checker", "/sitemap.html", "/sitemap-x.xml", "/pricing"]) {
      // The SPA's answer: index.html for a client route, 404 for a file it does not have.
      const text = await (await withSeoPages().request(path)).text();
      expect(["<!doctype html><title>MailScout</title>", "404 Not Found"], path).toContain(text);
    }
  });
});

describe("gateway: a browser's socket", () => {
  it("gets the status of an answer of unknown length at once, before its body", async () => {
    let finish = () => {};
    const upstream = createServer((_, response) => {
      // A worker's acceptance: the head now, the body (its run's summary) much later.
      response.writeHead(200, { "Content-Type": "application/json" });
      response.flushHeaders();
      finish = () => response.end("{}");
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    const app = gateway({
      functions: new Map([["jobs-worker", { verifyJwt: false, instances: [{ port: (upstream.address() as AddressInfo).port }] }]]),
    });
    const server = createGatewayServer(app.fetch, { overrideGlobalObjects: false });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/functions/v1/jobs-worker`, {
        method: "POST",
      });
      expect(response.status).toBe(200);
      finish();
      expect(await response.text()).toBe("{}");
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      upstream.close();
    }
  });
});

describe("gateway: X-Forwarded-For", () => {
  it("names the client socket's address, replacing whatever the client sent", async () => {
    const client = { incoming: { socket: { remoteAddress: "203.0.113.7" } } };
    for (const path of ["/api/validate-email", "/functions/v1/api/validate-email"]) {
      const response = await gateway().request(path, { headers: { "X-Forwarded-For": "198.51.100.1, 10.0.0.1" } }, client);
      expect(((await response.json()) as Echo).forwardedFor).toBe("203.0.113.7");
    }
  });

  it("passes no X-Forwarded-For at all when the socket's address is unknown, never the client's own", async () => {
    const response = await gateway().request("/api/anything", { headers: { "X-Forwarded-For": "198.51.100.1" } });
    expect(((await response.json()) as Echo).forwardedFor).toBeNull();
  });

  it("reads the address from the real socket when served by @hono/node-server", async () => {
    // Without overriding the global Request and Response, which would change them for every later test in this file.
    const server = createAdaptorServer({ fetch: gateway().fetch, overrideGlobalObjects: false }) as Server;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      const response = await fetch(`http://127.0.0.1:${port}/api/anything`, { headers: { "X-Forwarded-For": "1.2.3.4" } });
      expect(((await response.json()) as Echo).forwardedFor).toBe("127.0.0.1");
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("drops hop-by-hop headers, including those the Connection header names, and keeps the rest", () => {
    const headers = headersForFunction(
      new Headers({
        Connection: "keep-alive, X-Hop, not a header name",
        "Keep-Alive": "timeout=5",
        "X-Hop": "only for this connection",
        Upgrade: "websocket",
        TE: "trailers",
        "Proxy-Authorization": "Basic c2VjcmV0",
        Authorization: "Bearer token",
        "Content-Type": "application/json",
        "X-Session-ID": "V1StGXR8_Z5jdHi6B-myT",
      }),
      "203.0.113.7",
    );
    expect(Object.fromEntries(headers)).toEqual({
      authorization: "Bearer token",
      "content-type": "application/json",
      "x-session-id": "V1StGXR8_Z5jdHi6B-myT",
      "x-forwarded-for": "203.0.113.7",
    });
  });
});

describe("gateway: auth", () => {
  it("hands /auth/v1/* to the Auth app with the prefix stripped and the query kept", async () => {
    const response = await gateway().request("/auth/v1/token?grant_type=password", { method: "POST" });
    expect(await response.json()).toEqual({ path: "/token", method: "POST", query: { grant_type: "password" } });
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
  });
});

describe("gateway: realtime", () => {
  it("hands /realtime/v1/* to Realtime's REST API with the prefix stripped, as Kong routes it", async () => {
    const response = await gateway().request("/realtime/v1/api/broadcast", { method: "POST" });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ path: "/api/broadcast" });
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
  });
});

describe("gateway: CORS preflight", () => {
  it("answers a preflight on any route itself, echoing the requested headers, without a JWT", async () => {
    for (const path of ["/functions/v1/hello", "/auth/v1/token", "/api/login", "/contacts"]) {
      const response = await gateway().request(path, {
        method: "OPTIONS",
        headers: {
          Origin: "http://localhost:5173",
          "Access-Control-Request-Method": "POST",
          "Access-Control-Request-Headers": "authorization, apikey, x-client-info, content-type",
        },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(response.headers.get("access-control-allow-headers")).toBe("authorization, apikey, x-client-info, content-type");
      expect(response.headers.get("access-control-allow-methods")).toContain("POST");
    }
  });
});

describe("gateway: the web app", () => {
  it("serves built files with their content types", async () => {
    const index = await gateway().request("/");
    expect(index.status).toBe(200);
    expect(index.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await index.text()).toContain("<title>MailScout</title>");
    const script = await gateway().request("/assets/app-1234.js");
    expect(script.headers.get("content-type")).toMatch(/^text\/javascript/);
  });

  it("answers client routes with index.html so the SPA's router takes over", async () => {
    for (const path of ["/contacts", "/auth", "/login", "/admin/users"]) {
      const response = await gateway().request(path);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("<title>MailScout</title>");
    }
  });

  it("answers 404 for a missing file", async () => {
    expect((await gateway().request("/assets/missing.js")).status).toBe(404);
  });

  it("says how to build the web app when web/dist is missing", async () => {
    const response = await gateway({ webDist: join(webDist, "not-built") }).request("/");
    expect(response.status).toBe(503);
    expect(await response.text()).toContain("npm run build -w web");
  });
});

describe("gateway: /health", () => {
  it("answers 200 with each component when all are up, else 503", async () => {
    health = { healthy: true, components: { postgres: { up: true } } };
    const up = await gateway().request("/health");
    expect(up.status).toBe(200);
    expect(await up.json()).toEqual(health);

    health = { healthy: false, components: { postgres: { up: false, error: "connection refused" } } };
    const down = await gateway().request("/health");
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual(health);
  });
});

describe("gateway: request limits and security headers", () => {
  // An upstream that reads every body to its end and says how many bytes reached it.
  let counting: Server;
  let countingPort = 0;
  let reachedUpstream = 0;
  let server: Server;
  let base = "";

  beforeAll(async () => {
    counting = createServer((request, response) => {
      reachedUpstream++;
      let bytes = 0;
      request.on("data", (chunk: Buffer) => (bytes += chunk.byteLength));
      request.on("end", () => response.end(JSON.stringify({ bytes })));
    });
    await new Promise<void>((resolve) => counting.listen(0, "127.0.0.1", resolve));
    countingPort = (counting.address() as AddressInfo).port;
    const app = gateway({ functions: new Map([["api", { verifyJwt: false, instances: [{ port: countingPort }] }]]) });
    server = createGatewayServer(app.fetch, { overrideGlobalObjects: false });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    counting.close();
  });

  /** A body of `bytes` bytes sent chunked (no Content-Length), as a stream with no declared end would be. */
  function chunked(bytes: number): ReadableStream<Uint8Array> {
    let left = bytes;
    return new ReadableStream({
      pull(controller) {
        if (left <= 0) return controller.close();
        const size = Math.min(left, 64 * 1024);
        left -= size;
        controller.enqueue(new Uint8Array(size));
      },
    });
  }

  async function post(path: string, body: BodyInit) {
    const response = await fetch(`${base}${path}`, { method: "POST", body, duplex: "half" } as RequestInit);
    return { status: response.status, body: await response.json() };
  }

  const MB = 1024 * 1024;
  const JSON_TOO_LARGE = { message: "Request body too large: at most 1 MB." };
  const IMPORT_TOO_LARGE = { message: "Request body too large: at most 10 MB." };

  it("answers 413 for a declared body over 1 MB without asking the function, even one of 60 MB", async () => {
    const before = reachedUpstream;
    expect(await post("/api/login", new Uint8Array(MB + 1))).toEqual({ status: 413, body: JSON_TOO_LARGE });
    expect(await post("/functions/v1/api/login", new Uint8Array(60 * MB))).toEqual({ status: 413, body: JSON_TOO_LARGE });
    expect(await post("/auth/v1/token", new Uint8Array(2 * MB))).toEqual({ status: 413, body: JSON_TOO_LARGE });
    expect(reachedUpstream).toBe(before);
    expect(await post("/api/login", new Uint8Array(MB))).toEqual({ status: 200, body: { bytes: MB } });
  });

  it("counts a chunked body and answers 413 once it passes the limit, the function hung up on", async () => {
    expect(await post("/api/contacts", chunked(MB))).toEqual({ status: 200, body: { bytes: MB } });
    expect(await post("/api/contacts", chunked(MB + 1))).toEqual({ status: 413, body: JSON_TOO_LARGE });
    expect(await post("/api/contacts", chunked(60 * MB))).toEqual({ status: 413, body: JSON_TOO_LARGE });
  });

  it("limits what it answers itself too: a chunked body to Auth over 1 MB is 413, under it reaches Auth whole", async () => {
    expect(await post("/auth/v1/token", chunked(2 * MB))).toEqual({ status: 413, body: JSON_TOO_LARGE });
    const small = await fetch(`${base}/auth/v1/signup?x=1`, {
      method: "POST",
      body: chunked(1000),
      duplex: "half",
    } as RequestInit);
    expect(await small.json()).toEqual({ path: "/signup", method: "POST", query: { x: "1" }, bytes: 1000 });
  });

  it("lets the import carry up to 10 MB, declared or chunked, and no more", async () => {
    expect(await post("/api/contacts/import", new Uint8Array(10 * MB))).toEqual({ status: 200, body: { bytes: 10 * MB } });
    expect(await post("/functions/v1/api/contacts/import", chunked(10 * MB))).toEqual({
      status: 200,
      body: { bytes: 10 * MB },
    });
    expect(await post("/api/contacts/import", new Uint8Array(10 * MB + 1))).toEqual({ status: 413, body: IMPORT_TOO_LARGE });
    expect(await post("/api/contacts/import", chunked(10 * MB + 1))).toEqual({ status: 413, body: IMPORT_TOO_LARGE });
  });

  it("also counts a chunked body when called without a socket (fetch-style, as in these tests)", async () => {
    const response = await gateway({ functions: new Map([["api", { verifyJwt: false, instances: [{ port: countingPort }] }]]) }).request(
      "/api/contacts",
      { method: "POST", body: chunked(5 * MB), duplex: "half" } as RequestInit,
    );
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(JSON_TOO_LARGE);
  });

  it("answers a header section over 16 kB with 431 the client can read, not a reset", async () => {
    const { hostname, port } = new URL(base);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => {
        socket.write(`GET /api/anything HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(1024 * 1024)}\r\n\r\n`);
      });
      let received = "";
      socket.on("data", (data: Buffer) => (received += data.toString("latin1")));
      socket.on("close", () => resolve(received));
      socket.on("error", reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    expect(answer).toContain('{"message":"Request headers too large: at most 16 kB."}');
    // Under the limit is an ordinary request.
    expect((await fetch(`${base}/api/anything`, { headers: { "X-Big": "a".repeat(8 * 1024) } })).status).toBe(200);
  });

  it("serves the web app with the security headers; HSTS only when the browser came over https", async () => {
    const app = createGateway({
      auth,
      realtime,
      functions: new Map(),
      jwtSecret: LOCAL_JWT_SECRET,
      webDist,
      supabaseUrl: "http://127.0.0.1:54321",
      health: async () => health,
      functionProcesses: () => [],
      overrideFunctionSettings: async () => false,
      probeWorkers,
      log: () => {},
    });
    for (const path of ["/", "/contacts", "/assets/app-1234.js"]) {
      const response = await app.request(path);
      expect(response.status).toBe(200);
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("script-src 'self';");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).toContain("connect-src 'self' http://127.0.0.1:54321 ws://127.0.0.1:54321;");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("permissions-policy")).toContain("camera=()");
      expect(response.headers.get("strict-transport-security")).toBeNull();
    }
    const overHttps = await app.request("/", { headers: { "X-Forwarded-Proto": "https" } });
    expect(overHttps.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
  });
});
