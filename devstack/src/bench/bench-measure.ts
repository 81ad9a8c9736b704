// The measuring and formatting that `npm run bench`'s figures share (devstack/src/bench/bench.ts, bench-contacts.ts).
import { readFileSync } from "node:fs";
import postgres from "postgres";
import type { RunningStack } from "../cli/stack.ts";

export function post(stack: RunningStack, path: string, body: unknown, expected: number): Promise<Response> {
  return request(stack, path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }, expected);
}

export async function request(stack: RunningStack, path: string, init: RequestInit, expected: number): Promise<Response> {
  return (await answered(stack, path, init, expected)).response;
}

/** The answer's body, read whole, once its status is the one expected. */
export async function requestText(stack: RunningStack, path: string, init: RequestInit, expected: number): Promise<string> {
  return (await answered(stack, path, init, expected)).text;
}

/** Reads the whole body before anything is timed as done: an answer counts when it has arrived, not when it starts. */
async function answered(stack: RunningStack, path: string, init: RequestInit, expected: number) {
  const response = await fetch(`${stack.url}${path}`, init);
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${init.method ?? "GET"} ${path} answered ${response.status}`);
  return { response, text };
}

export async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const startedAt = performance.now();
  const value = await work();
  return { value, ms: performance.now() - startedAt };
}

export async function sample(count: number, work: () => Promise<unknown>): Promise<number[]> {
  const durations: number[] = [];
  for (let i = 0; i < count; i++) durations.push((await timed(work)).ms);
  return durations.sort((a, b) => a - b);
}

/** The p-th percentile of durations sorted in ascending order (0 for none). */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export function percentiles(sorted: number[]): string {
  return `p50 ${millis(percentile(sorted, 50))}, p95 ${millis(percentile(sorted, 95))}, max ${millis(percentile(sorted, 100))}`;
}

export const millis = (ms: number) => `${ms.toFixed(1)} ms`;
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const mebibytes = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

/** A process's resident memory, from /proc (Linux, where devstack runs); 0 once the process is gone. */
export function rssOf(pid: number): number {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return 0;
  }
  const kilobytes = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return Number(kilobytes ?? 0) * 1024;
}

/** The functions' processes as the stack runs them now (a restarted one has a new pid). */
export async function functionProcesses(stack: RunningStack): Promise<{ name: string; pid: number }[]> {
  const response = await fetch(`${stack.url}/_devstack/functions`, {
    headers: { authorization: `Bearer ${stack.serviceRoleKey}` },
  });
  if (!response.ok) throw new Error(`GET /_devstack/functions answered ${response.status}`);
  return (await response.json()) as { name: string; pid: number }[];
}

/** A new account, registered and signed in through the api: its id and access token. */
export async function registerAccount(
  stack: RunningStack,
  sql: postgres.Sql,
  prefix: string,
): Promise<{ id: string; username: string; token: string }> {
  const username = `${prefix}_${crypto.randomUUID().slice(0, 8)}`;
  const password = "bench-password-1";
  await post(stack, "/api/register", { username, email: `${username}@example.com`, password }, 201);
  const login = await post(stack, "/api/login", { username, password }, 200);
  const [profile] = await sql<{ id: string }[]>`select id from public.profiles where username = ${username}`;
  return { id: profile!.id, username, token: (login.headers.get("authorization") ?? "").replace(/^Bearer /, "") };
}

let admin: Promise<string> | undefined;

/** An admin of the bench's own, registered once per run: the token their requests carry. */
export function adminToken(stack: RunningStack): Promise<string> {
  admin ??= (async () => {
    const sql = postgres(stack.dbUrl, { max: 1, onnotice: () => {} });
    try {
      const account = await registerAccount(stack, sql, "bench_granter");
      await sql`update public.profiles set is_admin = true where id = ${account.id}`;
      return account.token;
    } finally {
      await sql.end({ timeout: 5 });
    }
  })();
  return admin;
}

/**
 * Gives the account `credits` by an admin's grant, as the product does (POST /api/admin/users/{id}/credits): signed-in
 * work is metered, and a new account's trial covers a hundred validations, far fewer than a bench runs.
 */
export async function grantCredits(stack: RunningStack, username: string, credits: number): Promise<void> {
  const token = await adminToken(stack);
  const sql = postgres(stack.dbUrl, { max: 1, onnotice: () => {} });
  try {
    const [user] = await sql<{ id: string }[]>`select id from public.profiles where lower(username) = lower(${username})`;
    if (!user) throw new Error(`the bench's user ${username} was not registered`);
    await request(stack, `/api/admin/users/${user.id}/credits`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ amount: credits, grantType: "bonus", reason: "Credits for the bench" }),
    }, 201);
  } finally {
    await sql.end({ timeout: 5 });
  }
}
