// `npm run bench`'s public API figures. POST /api/integrations/validate-email with API keys beside POST
// /api/validate-email with the same owner's sign-in token, in the same run, from the bench's concurrent clients (the
// goal: the key's p95 within 10% of the token's); the key check's own cost, private.authenticate_api_key (one round
// trip that also counts the call in the limiter), timed beside the signed-in path's admission and a plain round
// trip, interleaved; and how long after a job ends its signed callback reaches a receiver (the fixture proxy's).
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { API_KEY_RATE_LIMIT_MAX, API_KEYS_ACTIVE_MAX, createdApiKeySchema } from "../../../edge-functions/_shared/api-keys/contract.ts";
import { BULK_RUNNING_JOBS_MAX } from "../../../edge-functions/_shared/bulk-validation/contract.ts";
import { INTEGRATIONS_INLINE_MAX, bulkJobAcceptedSchema } from "../../../edge-functions/_shared/integrations/contract.ts";
import { TEST_CERTIFICATE } from "../../../edge-functions/_shared/explorations/testing/test-certificate.ts";
import type { RunningStack } from "../cli/stack.ts";
import { startProxyFixture } from "../testing/test-fixtures.ts";
import { loadFromProcess, type LoadResult } from "./bench-load.ts";
import { adminToken, grantCredits, percentile, percentiles, registerAccount, requestText, timed } from "./bench-measure.ts";

const LOAD = 2_000;
const LOAD_WARMUP = 500;
/** The keys the clients share (the most one person may hold): each key's per-minute limit stays far above its load. */
const KEYS = API_KEYS_ACTIVE_MAX;
const SEQUENTIAL = 2_000;
/** A documentation address (TEST-NET-3) as the caller's: failures would be counted against it, and none happen here. */
const CLIENT_IP = "203.0.113.10";
/** Jobs sent, each the smallest validate-bulk that becomes a job, each with a callback. */
const JOBS = 20;
const JOB_SIZE = INTEGRATIONS_INLINE_MAX + 1;
/** The fixture proxy's receiver: the fixture DNS gives the name a public address, the proxy tunnels it home. */
const RECEIVER_ORIGIN = "https://pinned.test";
/** How often the deliveries are read: a bench's own polling, not a test's wait. */
const POLL_MS = 100;
/** Past this the bench stops waiting for one delivery: a failed first attempt would be retried only a minute later. */
const DELIVERY_DEADLINE_MS = 120_000;

type Headers = Record<string, string>;

export async function integrationsFigures(
  stack: RunningStack,
  clients: number,
  proxyPort: number,
): Promise<[string, string][]> {
  const sql = postgres(stack.dbUrl, { max: 1, onnotice: () => {} });
  try {
    const owner = await registerAccount(stack, sql, "bench_api");
    // Every validation is metered, through a key as in the UI: both loads and their warm-ups.
    await grantCredits(stack, owner.username, 2 * (LOAD + LOAD_WARMUP) + JOBS * JOB_SIZE);
    const signedIn = { authorization: `Bearer ${owner.token}`, "content-type": "application/json" };
    const secrets: string[] = [];
    for (let i = 0; i < KEYS; i++) secrets.push(await createKey(stack, signedIn, `Bench key ${i}`));

    const body = (email: string) => JSON.stringify({ email });
    const bodies = Array.from({ length: LOAD_WARMUP + LOAD }, (_, i) => body(`api${i}@mailscout-demo.test`));
    const load = (path: string, headers: Headers | Headers[]) =>
      loadFromProcess({ url: `${stack.url}${path}`, headers, bodies, warmup: LOAD_WARMUP, clients });
    const token = await load("/api/validate-email", signedIn);
    const key = await load(
      "/api/integrations/validate-email",
      secrets.map((secret) => ({ authorization: `Bearer ${secret}`, "content-type": "application/json" })),
    );

    // On a key the load used, well inside its minute's limit still.
    const check = await keyCheckFigures(sql, owner.id, secrets[0]!);
    const lags = await webhookLags(stack, sql, secrets[0]!, proxyPort);
    const label = (what: string) => `public API: ${what}`;
    const loadLabel = (path: string, who: string) =>
      label(`POST ${path}, ${clients} clients, ${LOAD} requests after ${LOAD_WARMUP}, ${who}`);
    return [
      [loadLabel("/api/validate-email", "one user's sign-in token"), throughput(token)],
      [loadLabel("/api/integrations/validate-email", `the same user's ${KEYS} API keys`), throughput(key)],
      [label("key p95 against the token's (goal ≤ 110%)"), `${Math.round((100 * p95(key)) / p95(token))}%`],
      [label(`${SEQUENTIAL} key checks (authenticate_api_key) one at a time`), percentiles(check.key)],
      [label(`${SEQUENTIAL} signed-in admissions (admit_user_request) beside them`), percentiles(check.admit)],
      [label(`${SEQUENTIAL} plain round trips (select 1) beside them`), percentiles(check.plain)],
      [label("key check overhead per call (the check less the plain round trip beside it)"), percentiles(check.overhead)],
      [label(`webhook lag from a job's end to its delivery, ${JOBS} jobs of ${JOB_SIZE}, ${BULK_RUNNING_JOBS_MAX} at a time (goal p95 ≤ 2 s)`), percentiles(lags)],
    ];
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** A key made as its owner makes one, then given the highest limit an admin may set, so the load is never refused. */
async function createKey(stack: RunningStack, signedIn: Headers, keyName: string): Promise<string> {
  const created = createdApiKeySchema.parse(
    JSON.parse(await requestText(stack, "/api/api-keys", { method: "POST", headers: signedIn, body: JSON.stringify({ keyName }) }, 201)),
  );
  const raised = await fetch(`${stack.url}/api/admin/api-keys/${created.key.id}`, {
    method: "PATCH",
    headers: { authorization: `Bearer ${await adminToken(stack)}`, "content-type": "application/json" },
    body: JSON.stringify({ rateLimit: API_KEY_RATE_LIMIT_MAX }),
  });
  await raised.body?.cancel();
  if (!raised.ok) throw new Error(`PATCH /api/admin/api-keys/{id} answered ${raised.status}`);
  return created.secret;
}

/** The key check, the signed-in admission and a plain round trip, one after another SEQUENTIAL times. */
async function keyCheckFigures(sql: postgres.Sql, userId: string, secret: string) {
  const hash = createHash("sha256").update(secret).digest("hex");
  const plain = () => sql`select 1`;
  const key = () => sql`select * from private.authenticate_api_key(${hash}, ${CLIENT_IP}, 'validation')`;
  const admit = () => sql`select * from private.admit_user_request(${userId}::uuid, 'validation')`;
  await Promise.all([plain(), key(), admit()]); // plans cached before anything is timed
  const times = { plain: [] as number[], key: [] as number[], admit: [] as number[] };
  for (let i = 0; i < SEQUENTIAL; i++) {
    times.plain.push((await timed(plain)).ms);
    times.key.push((await timed(key)).ms);
    times.admit.push((await timed(admit)).ms);
  }
  return {
    plain: sorted(times.plain),
    key: sorted(times.key),
    admit: sorted(times.admit),
    overhead: sorted(times.key.map((ms, i) => ms - times.plain[i]!)),
  };
}

/**
 * JOBS validate-bulk jobs, as many at a time as one user may run, each with a callback to the fixture proxy's HTTPS
 * receiver; for each, the time from the job's completion to its delivery's (both as the database recorded them). The
 * webhook worker alone is restarted behind the proxy and trusting the receiver's certificate, as the test stack runs
 * it, and restored afterwards.
 */
async function webhookLags(stack: RunningStack, sql: postgres.Sql, key: string, proxyPort: number): Promise<number[]> {
  const proxy = await startProxyFixture(proxyPort, () => {});
  const caDir = mkdtempSync(join(tmpdir(), "mailscout-bench-ca-"));
  const caFile = join(caDir, "outbound-ca.pem");
  writeFileSync(caFile, TEST_CERTIFICATE);
  try {
    await setWorkerSettings(stack, { OUTBOUND_HTTP_PROXY: proxy.setting, OUTBOUND_CA_FILE: caFile });
    const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
    const lags: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: BULK_RUNNING_JOBS_MAX }, async () => {
        for (let job = next++; job < JOBS; job = next++) {
          const emails = Array.from({ length: JOB_SIZE }, (_, n) => `hook${job}-${n}@mailscout-demo.test`);
          const body = JSON.stringify({ emails, callbackUrl: `${RECEIVER_ORIGIN}/bench/${job}` });
          const answer = await requestText(stack, "/api/integrations/validate-bulk", { method: "POST", headers, body }, 202);
          lags.push(await deliveryLag(sql, bulkJobAcceptedSchema.parse(JSON.parse(answer)).jobId));
        }
      }),
    );
    return sorted(lags);
  } finally {
    await setWorkerSettings(stack, {});
    await proxy.stop();
    rmSync(caDir, { recursive: true, force: true });
  }
}

/** Milliseconds from the job's completion to its webhook's delivery, read once the delivery is done. */
async function deliveryLag(sql: postgres.Sql, jobId: string): Promise<number> {
  const deadline = Date.now() + DELIVERY_DEADLINE_MS;
  for (;;) {
    const [delivery] = await sql<{ status: string; ms: number | null }[]>`
      select d.status, extract(epoch from d.delivered_at - s.completed_at)::float8 * 1000 as ms
      from public.webhook_deliveries as d
      join public.bulk_validation_sessions as s on s.id = d.session_id
      where d.session_id = ${jobId}::uuid
    `;
    if (delivery?.status === "delivered") return delivery.ms ?? 0;
    if (delivery?.status === "failed" || Date.now() > deadline) {
      throw new Error(`the webhook of job ${jobId} was not delivered: ${delivery?.status ?? "not queued"}`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Restarts the webhook worker's processes with `settings` over the stack's ({} restores the stack's own). */
async function setWorkerSettings(stack: RunningStack, settings: Record<string, string>): Promise<void> {
  await requestText(stack, "/_devstack/functions/webhook-worker/settings", {
    method: "PUT",
    headers: { authorization: `Bearer ${stack.serviceRoleKey}`, "content-type": "application/json" },
    body: JSON.stringify(settings),
  }, 200);
}

const throughput = (result: LoadResult) => `${percentiles(result.durations)}, ${Math.round(result.perSecond)} requests/s`;
const p95 = (result: LoadResult) => percentile(result.durations, 95);
const sorted = (durations: number[]) => [...durations].sort((a, b) => a - b);
