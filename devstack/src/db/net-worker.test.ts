// The net worker's life around the stack's, on a scratch cluster with the pg_net stand-in (installed by devstack's
// system check, which `npm test` runs first): what was queued while it was away is sent when it starts, and what is
// in flight when it stops is recorded as cancelled, not lost.
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { freePort } from "../cli/ports.ts";
import { startNetWorker } from "./net-worker.ts";
import { startPostgres, type RunningPostgres } from "./postgres.ts";

const dataDir = mkdtempSync(join(tmpdir(), "devstack-net-"));
let database: RunningPostgres;
let sql: postgres.Sql;
let server: Server;
let base: string;
const arrived: string[] = [];
const held: ServerResponse[] = [];

beforeAll(async () => {
  database = await startPostgres({ dataDir, port: await freePort(), throwaway: true, log: () => {} });
  sql = postgres(database.url, { max: 2, onnotice: () => {} });
  await sql`create extension pg_net`;
  server = createServer((request, response) => {
    arrived.push(request.url ?? "");
    if (request.url === "/slow") return void held.push(response);
    response.end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const response of held) response.destroy();
  server.close();
  await sql?.end();
  await database?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = async (path: string) => (await sql<[{ id: string }]>`select net.http_post(${base + path}) as id`)[0].id;
const responseOf = (id: string) =>
  vi.waitFor(
    async () => {
      const [row] = await sql<{ status_code: number | null; error_msg: string | null }[]>`
        select status_code, error_msg from net._http_response where id = ${id}`;
      return row ?? Promise.reject(new Error(`no response for request ${id} yet`));
    },
    { timeout: 10_000, interval: 50 },
  );

describe("the net worker", () => {
  it("sends nothing while it is not running, and what waited once it starts", async () => {
    const waiting = await post("/queued-before-start");
    await expect(sql`select net.check_worker_is_up()`).rejects.toThrow("the pg_net background worker is not up");
    expect(arrived).not.toContain("/queued-before-start");

    const worker = await startNetWorker({ dbUrl: database.url, log: () => {} });
    try {
      await worker.probe();
      expect(await responseOf(waiting)).toEqual({ status_code: 200, error_msg: null });
    } finally {
      await worker.stop();
    }
  });

  it("records a request in flight when it stops as cancelled", async () => {
    const worker = await startNetWorker({ dbUrl: database.url, log: () => {} });
    const slow = await post("/slow");
    await vi.waitFor(() => expect(arrived).toContain("/slow"), { timeout: 10_000 });
    await worker.stop();
    expect(await responseOf(slow)).toEqual({ status_code: null, error_msg: "request cancelled: devstack stopped" });
    await expect(worker.probe()).rejects.toThrow();
  });
});
