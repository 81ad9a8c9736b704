// `npm run bench`: the performance figures, printed and never judged (the machine's load decides the numbers, so a
// benchmark that failed on time would fail at random). Runs its own stack on ports of its own.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { LOCAL_ANON_KEY } from "./keys.ts";
import { repoRoot } from "./paths.ts";
import { resolveSettings } from "./settings.ts";
import { buildWeb, startStack, type RunningStack } from "./stack.ts";
import { ensureSystemPackages } from "./system.ts";

const BENCH_PORTS = { gateway: 57321, db: 57322 };
const BENCH_DATA_DIR = join(repoRoot, ".devstack/bench");
const LOGINS = 50;
const USER_LOOKUPS = 200;

const quiet = () => {};

export async function runBench(): Promise<number> {
  await ensureSystemPackages({ browser: false, log: console.log });
  await buildWeb({ VITE_SUPABASE_ANON_KEY: LOCAL_ANON_KEY }, quiet);
  const figures: [string, string][] = [];
  try {
    const cold = await timed(() => start(true));
    figures.push(["stack ready, empty data directory (initdb, migrations, seed)", seconds(cold.ms)]);
    await cold.value.stop();

    const warm = await timed(() => start(false));
    figures.push(["stack ready, existing data directory", seconds(warm.ms)]);
    try {
      figures.push(...(await apiFigures(warm.value)));
    } finally {
      await warm.value.stop();
    }
  } finally {
    rmSync(BENCH_DATA_DIR, { recursive: true, force: true });
  }

  const width = Math.max(...figures.map(([name]) => name.length));
  console.log("\nMailScout bench (figures, not pass/fail)");
  for (const [name, value] of figures) console.log(`  ${name.padEnd(width)}  ${value}`);
  return 0;
}

function start(freshDatabase: boolean): Promise<RunningStack> {
  return startStack({
    gatewayPort: BENCH_PORTS.gateway,
    dbPort: BENCH_PORTS.db,
    dataDir: BENCH_DATA_DIR,
    freshDatabase,
    functionEnv: resolveSettings(),
    log: quiet,
  });
}

async function apiFigures(stack: RunningStack): Promise<[string, string][]> {
  const username = `bench${Date.now().toString(36)}`;
  const password = "bench-password-1";
  const register = await timed(() =>
    post(stack, "/api/register", { username, email: `${username}@example.com`, password }, 201),
  );

  const logins = await sample(LOGINS, () => post(stack, "/api/login", { username, password }, 200));
  const token = (await post(stack, "/api/login", { username, password }, 200)).headers.get("authorization") ?? "";
  const lookups = await sample(USER_LOOKUPS, () => request(stack, "/api/user", { headers: { authorization: token } }, 200));

  return [
    ["POST /api/register (one account, includes bcrypt)", millis(register.ms)],
    [`POST /api/login, ${LOGINS} sequential (bcrypt dominates)`, percentiles(logins)],
    [`GET /api/user, ${USER_LOOKUPS} sequential`, percentiles(lookups)],
  ];
}

function post(stack: RunningStack, path: string, body: unknown, expected: number): Promise<Response> {
  return request(stack, path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }, expected);
}

async function request(stack: RunningStack, path: string, init: RequestInit, expected: number): Promise<Response> {
  const response = await fetch(`${stack.url}${path}`, init);
  await response.arrayBuffer();
  if (response.status !== expected) throw new Error(`${init.method ?? "GET"} ${path} answered ${response.status}`);
  return response;
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const startedAt = performance.now();
  const value = await work();
  return { value, ms: performance.now() - startedAt };
}

async function sample(count: number, work: () => Promise<unknown>): Promise<number[]> {
  const durations: number[] = [];
  for (let i = 0; i < count; i++) durations.push((await timed(work)).ms);
  return durations.sort((a, b) => a - b);
}

function percentiles(sorted: number[]): string {
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  return `p50 ${millis(at(50))}, p95 ${millis(at(95))}, max ${millis(at(100))}`;
}

const millis = (ms: number) => `${ms.toFixed(1)} ms`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
