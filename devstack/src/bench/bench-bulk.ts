// `npm run bench`'s bulk validation figures: 100,000 rows over 5,000 fixture domains, end to end as a browser would
// run them (the first part sent → the Completed event received by a realtime-js client on the session's private
// topic), once undisturbed and once with one of the worker's two processes killed halfway (SIGKILL, as a crash: the
// other takes its chunk over). Also: the api's and a worker process's peak memory, and how long progress events take
// from their transaction's commit to the client.
import type { SupabaseClient } from "@supabase/supabase-js";
import postgres from "postgres";
import {
  BULK_PART_MAX_ROWS,
  BULK_PROGRESS_EVENT,
  type BulkProgress,
  bulkProgressSchema,
  bulkUploadAnswerSchema,
  bulkValidationTopic,
} from "../../../edge-functions/_shared/bulk-validation/contract.ts";
import { benchDomain } from "../../../edge-functions/_shared/dns/testing/zones.ts";
import type { RunningStack } from "../cli/stack.ts";
import { nodeSupabaseClient } from "../testing/supabase-client.ts";
import { functionProcesses, grantCredits, mebibytes, percentiles, post, rssOf, seconds } from "./bench-measure.ts";

const ROWS = 100_000;
const DOMAINS = 5_000;
const WORKER = "bulk-validation-worker";
const JOB_DEADLINE_MS = 10 * 60_000;
const SAMPLE_EVERY_MS = 50;

const localParts = ["ann", "bob.smith", "info", "c.jones+news", "sales", "d_lee", "eve", "frank.o"];

type BulkRow = { email: string; firstName: string; cells: string[] };

/** The file as the SPA sends it: the email and a name column, each row with its cells. */
export function bulkRows(emails: string[]): BulkRow[] {
  return emails.map((email, i) => {
    const firstName = `Person ${i}`;
    return { email, firstName, cells: [email, firstName] };
  });
}

const benchRows = bulkRows(
  Array.from({ length: ROWS }, (_, i) => `${localParts[i % localParts.length]}${i}@${benchDomain(i % DOMAINS, 5)}`),
);

export type BulkRun = {
  ms: number;
  progress: BulkProgress;
  /** Commit → client, per progress event. */
  lags: number[];
  peakApiRss: number;
  peakWorkerRss: number;
  workerKilled: boolean;
};

export async function bulkFigures(stack: RunningStack): Promise<[string, string][]> {
  const token = await signIn(stack);
  // The first job meets cold DNS and worker caches; the killed run is compared with a warm one, as it runs warm too.
  const cold = await runBulkJob(stack, token, benchRows, { killWorkerHalfway: false });
  const warm = await runBulkJob(stack, token, benchRows, { killWorkerHalfway: false });
  const killed = await runBulkJob(stack, token, benchRows, { killWorkerHalfway: true });
  const perSecond = (run: BulkRun) => `${Math.round(ROWS / (run.ms / 1000)).toLocaleString("en")} rows/s`;
  const counts = (run: BulkRun) =>
    `${run.progress.status}: ${run.progress.processedEmails.toLocaleString("en")} processed, ` +
    `${run.progress.validCount} valid, ${run.progress.invalidCount} invalid, ${run.progress.warningCount} warning`;
  const label = (what: string) => `bulk, ${ROWS.toLocaleString("en")} rows over ${DOMAINS.toLocaleString("en")} domains: ${what}`;
  const change = (run: BulkRun) => {
    const percent = Math.round((run.ms / warm.ms - 1) * 100);
    return percent >= 0 ? `${percent}% slower than warm` : `${-percent}% faster than warm`;
  };
  return [
    [label("first part sent → Completed event, first job (cold caches)"), `${seconds(cold.ms)}, ${perSecond(cold)}`],
    [label("the same, second job (warm)"), `${seconds(warm.ms)}, ${perSecond(warm)}`],
    [label("result"), counts(warm)],
    [label("progress event lag, commit → client"), lagFigure([...cold.lags, ...warm.lags].sort((x, y) => x - y))],
    [
      label("peak memory (RSS), api / worker"),
      `${mebibytes(Math.max(cold.peakApiRss, warm.peakApiRss))} / ${mebibytes(Math.max(cold.peakWorkerRss, warm.peakWorkerRss))}`,
    ],
    [
      label("warm, one worker process killed halfway"),
      killed.workerKilled
        ? `${seconds(killed.ms)}, ${perSecond(killed)} (${change(killed)})`
        : `the job finished before a worker could be killed, ${seconds(killed.ms)}`,
    ],
    [label("result, worker killed halfway"), counts(killed)],
  ];
}

async function signIn(stack: RunningStack): Promise<string> {
  const username = `bulk${Date.now().toString(36)}`;
  const password = "bench-password-1";
  await post(stack, "/api/register", { username, email: `${username}@example.com`, password }, 201);
  // Each of the three jobs pays for its rows.
  await grantCredits(stack, username, 3 * ROWS);
  const login = await post(stack, "/api/login", { username, password }, 200);
  return (login.headers.get("authorization") ?? "").replace(/^Bearer /, "");
}

/** Uploads `rows` as the SPA does, in parts, and follows the session's private topic to its end. */
export async function runBulkJob(
  stack: RunningStack,
  token: string,
  rows: BulkRow[],
  options: { killWorkerHalfway: boolean },
): Promise<BulkRun> {
  const realtime = realtimeClient(stack, token);
  const sql = postgres(stack.dbUrl, { max: 1, onnotice: () => {} });
  const memory = sampleMemory(stack);
  const received: { id: string; at: number }[] = [];
  let workerKilled = false;
  try {
    const parts = Array.from({ length: Math.ceil(rows.length / BULK_PART_MAX_ROWS) }, (_, i) =>
      rows.slice(i * BULK_PART_MAX_ROWS, (i + 1) * BULK_PART_MAX_ROWS),
    );
    const startedAt = performance.now();
    const first = bulkUploadAnswerSchema.parse(
      await (
        await upload(stack, token, "/api/bulk-validation/start-enhanced", {
          emailsWithData: parts[0],
          sessionName: "bench",
          fileName: "bench.csv",
          columns: ["email", "first name"],
          totalRows: rows.length,
          final: parts.length === 1,
        })
      ).json(),
    );

    // Joined before the last part commits the upload, so no progress event can pass unseen.
    let joined!: { resolve: () => void; reject: (error: Error) => void };
    const subscribed = new Promise<void>((resolve, reject) => (joined = { resolve, reject }));
    const finished = new Promise<BulkProgress>((resolve, reject) => {
      const deadline = setTimeout(() => reject(new Error("the bulk job did not finish within 10 minutes")), JOB_DEADLINE_MS);
      const channel = realtime.channel(bulkValidationTopic(first.sessionId), { config: { private: true } });
      channel.on("broadcast", { event: BULK_PROGRESS_EVENT }, ({ payload }) => {
        received.push({ id: String(payload.id), at: Date.now() });
        const progress = bulkProgressSchema.parse(payload);
        if (options.killWorkerHalfway && !workerKilled && progress.processedEmails >= progress.totalEmails / 2) {
          workerKilled = true;
          void killWorker(stack);
        }
        if (["completed", "failed", "cancelled"].includes(progress.status)) {
          clearTimeout(deadline);
          resolve(progress);
        }
      });
      channel.subscribe((status, error) => {
        if (status === "SUBSCRIBED") joined.resolve();
        else if (status === "CHANNEL_ERROR") joined.reject(error ?? new Error("the progress channel failed"));
      });
    });
    await subscribed;

    for (let part = 1; part < parts.length; part++) {
      await upload(stack, token, `/api/bulk-validation/sessions/${first.sessionId}/parts`, {
        part,
        emailsWithData: parts[part],
        final: part === parts.length - 1,
      });
    }
    const progress = await finished;
    const ms = performance.now() - startedAt;
    return { ms, progress, lags: await lagsOf(sql, received), ...memory.stop(), workerKilled };
  } finally {
    memory.stop();
    await realtime.removeAllChannels();
    await sql.end({ timeout: 5 });
  }
}

function realtimeClient(stack: RunningStack, token: string): SupabaseClient {
  const client = nodeSupabaseClient(stack.url, stack.anonKey);
  void client.realtime.setAuth(token);
  return client;
}

async function upload(stack: RunningStack, token: string, path: string, body: unknown): Promise<Response> {
  const response = await fetch(`${stack.url}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  return response;
}

/** Kills one of the worker function's processes, as a crash would. */
async function killWorker(stack: RunningStack): Promise<void> {
  const worker = (await functionProcesses(stack)).find((fn) => fn.name === WORKER);
  if (worker) process.kill(worker.pid, "SIGKILL");
}

/** Peak RSS of the api and of the largest worker process; process ids are looked up again, as a killed one is
 * restarted. */
function sampleMemory(stack: RunningStack) {
  const peaks = { peakApiRss: 0, peakWorkerRss: 0 };
  let processes: { name: string; pid: number }[] = [];
  const refresh = () => void functionProcesses(stack).then((found) => (processes = found), () => {});
  refresh();
  const lookups = setInterval(refresh, 500);
  const sampler = setInterval(() => {
    for (const fn of processes) {
      const rss = rssOf(fn.pid);
      if (fn.name === "api") peaks.peakApiRss = Math.max(peaks.peakApiRss, rss);
      if (fn.name === WORKER) peaks.peakWorkerRss = Math.max(peaks.peakWorkerRss, rss);
    }
  }, SAMPLE_EVERY_MS);
  return {
    stop() {
      clearInterval(lookups);
      clearInterval(sampler);
      return peaks;
    },
  };
}

/** Each event's lag: its arrival less the commit of the transaction that sent it (track_commit_timestamp). */
async function lagsOf(sql: postgres.Sql, received: { id: string; at: number }[]): Promise<number[]> {
  const commits = await sql<{ id: string; committed: number }[]>`
    select id::text, extract(epoch from pg_xact_commit_timestamp(xmin)) * 1000 as committed
    from realtime.messages where id = any(${received.map((event) => event.id)}::uuid[])
  `;
  const committedAt = new Map(commits.map((row) => [row.id, Number(row.committed)]));
  return received
    .flatMap((event) => (committedAt.has(event.id) ? [event.at - committedAt.get(event.id)!] : []))
    .sort((a, b) => a - b);
}

function lagFigure(sorted: number[]): string {
  return sorted.length === 0 ? "no events matched their messages" : `${percentiles(sorted)} (${sorted.length} events)`;
}
