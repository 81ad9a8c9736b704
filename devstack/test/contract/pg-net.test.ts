// pg_net's interface against devstack's stand-in and net worker, driven from SQL as migrations drive it: requests leave
// only once their transaction commits, reach a real HTTP server as queued, and their outcomes land in
// net._http_response as pg_net records them.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { env } from "./env.ts";

interface Arrival {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

interface NetResponse {
  status_code: number | null;
  content_type: string | null;
  headers: Record<string, string> | null;
  content: string | null;
  timed_out: boolean | null;
  error_msg: string | null;
}

const db = postgres(env.SUPABASE_DB_URL, { max: 3, onnotice: () => {} });
let server: Server;
let base: string;
const arrivals: Arrival[] = [];
// Requests to /slow are held open until the server closes.
const held: ServerResponse[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      arrivals.push({ method: request.method ?? "", url: request.url ?? "", headers: request.headers, body });
      if (request.url === "/slow") return void held.push(response);
      response.writeHead(201, { "Content-Type": "application/json", "X-Answer": "yes" });
      response.end(JSON.stringify({ received: request.url }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const response of held) response.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await db.end();
});

const arrived = (path: string) => arrivals.find((arrival) => arrival.url === path);

async function arrival(path: string): Promise<Arrival> {
  return await vi.waitFor(() => arrived(path) ?? Promise.reject(new Error(`${path} has not arrived`)), {
    timeout: 10_000,
    interval: 20,
  });
}

async function responseOf(id: string): Promise<NetResponse> {
  return await vi.waitFor(
    async () => {
      const [row] = await db<NetResponse[]>`
        select status_code, content_type, headers, content, timed_out, error_msg from net._http_response where id = ${id}`;
      return row ?? Promise.reject(new Error(`no response recorded for request ${id}`));
    },
    { timeout: 10_000, interval: 50 },
  );
}

/** Queues a POST to the test server (on `sql`, a transaction's connection if given) and returns its request id. */
async function post(path: string, options: { timeoutMs?: number; sql?: postgres.Sql | postgres.TransactionSql } = {}) {
  const { timeoutMs = 5000, sql = db } = options;
  const [{ id }] = await sql<[{ id: string }]>`
    select net.http_post(${base + path}, timeout_milliseconds => ${timeoutMs}) as id`;
  return id;
}

describe("pg_net in devstack", () => {
  it("sends a committed http_post with its body and headers and records the answer", async () => {
    const [{ id }] = await db<[{ id: string }]>`
      select net.http_post(
        ${`${base}/hook?x=1`},
        body => '{"job": 42}',
        headers => '{"Content-Type": "application/json", "x-worker-secret": "s3cret"}'
      ) as id`;

    const request = await arrival("/hook?x=1");
    expect(request.method).toBe("POST");
    expect(JSON.parse(request.body)).toEqual({ job: 42 });
    expect(request.headers).toMatchObject({
      "content-type": "application/json",
      "x-worker-secret": "s3cret",
      "user-agent": "pg_net/0.20.4",
    });
    expect(await responseOf(id)).toEqual({
      status_code: 201,
      content_type: "application/json",
      headers: expect.objectContaining({ "content-type": "application/json", "x-answer": "yes" }),
      content: JSON.stringify({ received: "/hook?x=1" }),
      timed_out: false,
      error_msg: null,
    });
  });

  it("sends http_get with its params in the query string", async () => {
    const [{ id }] = await db<[{ id: string }]>`select net.http_get(${`${base}/get`}, params => '{"q": "a b"}') as id`;
    expect((await arrival("/get?q=a%20b")).method).toBe("GET");
    expect((await responseOf(id)).status_code).toBe(201);
  });

  it("sends a request only once its transaction commits", async () => {
    await db.begin(async (transaction) => {
      await post("/held-until-commit", { sql: transaction });
      // Queued and committed after it, and sent while it is still open.
      await post("/while-open");
      await arrival("/while-open");
      expect(arrived("/held-until-commit")).toBeUndefined();
    });
    expect((await arrival("/held-until-commit")).method).toBe("POST");
  });

  it("never sends a request whose transaction rolls back", async () => {
    let rolledBack = "";
    await expect(
      db.begin(async (transaction) => {
        rolledBack = await post("/rolled-back", { sql: transaction });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    // The worker takes the queue in order: once a later request has been answered, the rolled-back one had its chance.
    await responseOf(await post("/after-rollback"));
    expect(arrived("/rolled-back")).toBeUndefined();
    expect(await db`select from net._http_response where id = ${rolledBack}`).toHaveLength(0);
  });

  it("records a request that outlasts its timeout as timed out", async () => {
    const id = await post("/slow", { timeoutMs: 200 });
    await arrival("/slow");
    const outcome = await responseOf(id);
    expect(outcome).toMatchObject({ status_code: null, content: null, timed_out: true });
    expect(outcome.error_msg).toMatch(/^Timeout of 200 ms reached\. Total time: \d+(\.\d+)? ms$/);
  });

  it("records a request that cannot connect as failed, not timed out", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const [{ id }] = await db<[{ id: string }]>`select net.http_post(${`http://127.0.0.1:${port}/`}) as id`;
    const outcome = await responseOf(id);
    expect(outcome).toMatchObject({ status_code: null, timed_out: false });
    expect(outcome.error_msg).toContain("ECONNREFUSED");
  });

  it("carries private.kick_worker's kick to this stack's function, with the settings devstack wrote", async () => {
    const [{ id }] = await db<[{ id: string | null }]>`select private.kick_worker('api') as id`;
    expect(id).not.toBeNull();
    // The api has no route at its root: its own 404 proves the kick went through the gateway to the function.
    const outcome = await responseOf(id!);
    expect(outcome).toMatchObject({ status_code: 404, timed_out: false, error_msg: null });
    expect(JSON.parse(outcome.content ?? "")).toEqual({ message: expect.any(String) });
  });

  it("is up, and so is pg_cron, by the database's own check and /health", async () => {
    await db`select net.check_worker_is_up()`;
    const health = (await (await fetch(`${env.SUPABASE_URL}/health`)).json()) as {
      components: Record<string, { up: boolean }>;
    };
    expect(health.components).toMatchObject({ pg_net: { up: true }, pg_cron: { up: true } });
  });
});
