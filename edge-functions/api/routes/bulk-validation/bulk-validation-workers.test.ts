// The bulk validation worker against the running stack: only callers with the shared secret start it, several workers
// at once give the same result as one, and a worker killed mid-job (one of the function's two Deno processes, SIGKILL)
// loses and doubles nothing: the worker on the other process takes its chunk over once the dead one's short lease
// runs out, and the job completes with exactly one verdict per row, without the schedule's help.
import assert from "node:assert/strict";
import {
  BULK_WORKER_URL,
  download,
  FIXTURE_VERDICTS,
  pollUntil,
  type Row,
  runWorker,
  upload,
  waitUntilCompleted,
  workerProcesses,
} from "../../testing/bulk.ts";
import { requiredEnv, signedInUser, withDatabase } from "../../testing/stack.ts";

async function status(init: RequestInit): Promise<number> {
  const response = await fetch(BULK_WORKER_URL, init);
  await response.body?.cancel();
  return response.status;
}

Deno.test("the worker starts only for a POST with the shared secret", async () => {
  assert.equal(await status({ method: "POST" }), 401);
  assert.equal(await status({ method: "POST", headers: { "x-worker-secret": "guessed" } }), 401);
  assert.equal(await status({ method: "POST", headers: { "x-worker-secret": `${requiredEnv("WORKER_SECRET")}x` } }), 401);
  // A user's token is no secret: browsers never start workers.
  const { token } = await signedInUser();
  assert.equal(await status({ method: "POST", headers: { authorization: `Bearer ${token}` } }), 401);
  assert.equal(await status({ headers: { "x-worker-secret": requiredEnv("WORKER_SECRET") } }), 405);
  const summary = await runWorker();
  assert.equal(typeof summary.claimed, "number");
});

/** The session's chunks and items, as the database holds them. */
async function jobState(sessionId: string) {
  return await withDatabase(async (sql) => {
    const chunks = await sql<{ chunk_no: number; phase: number; state: string; attempts: number }[]>`
      select chunk_no, phase, state, attempts from public.bulk_validation_chunks where session_id = ${sessionId}
      order by chunk_no
    `;
    const [items] = await sql<{ total: number; with_result: number; rows: number }[]>`
      select count(*)::int as total, count(result)::int as with_result, sum(row_count)::int as rows
      from public.bulk_validation_items where session_id = ${sessionId}
    `;
    const [logs] = await sql<{ count: number }[]>`
      select count(*)::int from public.validation_logs where session_id = ${sessionId}
    `;
    return { chunks, items: items!, logs: logs!.count };
  });
}

Deno.test("two workers at once give the same result as one: every row its verdict, every chunk claimed once", async () => {
  const { token } = await signedInUser();
  // 2,500 addresses over 500 fixture domains (about three chunks), plus the fixtures' known verdicts.
  const rows: Row[] = [
    ...Array.from({ length: 2_500 }, (_, n) => ({ email: `p${n}@bench-${String(n % 500).padStart(4, "0")}.test` })),
    ...FIXTURE_VERDICTS.map(([email]) => ({ email })),
  ];
  const sessionId = await upload(token, rows);
  // The api kicked its workers; two more start at once and race them for the chunks.
  const summaries = await Promise.all([runWorker(), runWorker()]);
  for (const summary of summaries) assert.equal(summary.lost, 0, JSON.stringify(summary));

  const done = await waitUntilCompleted(token, sessionId);
  assert.deepEqual(
    [done.totalEmails, done.processedEmails, done.validCount, done.invalidCount, done.warningCount],
    [rows.length, rows.length, 2_502, 3, 4],
  );
  const state = await jobState(sessionId);
  assert.ok(state.chunks.length >= 3, `${state.chunks.length} chunks`);
  for (const chunk of state.chunks) assert.deepEqual([chunk.state, chunk.attempts], ["done", 1], JSON.stringify(chunk));
  assert.deepEqual(state.items, { total: rows.length, with_result: rows.length, rows: rows.length });
  assert.equal(state.logs, 1);

  const file = await download(token, sessionId);
  const lines = file.text.trimEnd().split("\r\n");
  assert.equal(lines.length, rows.length + 1, "one record per row");
  const expected = new Map(FIXTURE_VERDICTS);
  const verdictAt = lines[0]!.split(",").indexOf("verdict");
  for (const line of lines.slice(1)) {
    const [email] = line.split(",");
    // The fixtures' one address with a space is not quoted; none of these cells holds a comma or quote.
    assert.equal(line.split(",")[verdictAt], expected.get(email!) ?? "deliverable", line);
  }
});

/** Runs `work` with the schedule's re-kick paused, so that only the workers already running can finish a job. */
async function withoutScheduledKicks<T>(work: () => Promise<T>): Promise<T> {
  const pause = (active: boolean) =>
    withDatabase((sql) => sql`update cron.job set active = ${active} where jobname = 'bulk-validation-rekick'`);
  await pause(false);
  try {
    return await work();
  } finally {
    await pause(true);
  }
}

Deno.test("a worker process killed mid-job loses and doubles nothing: the other takes its chunk over", async () => {
  const { token } = await signedInUser();
  // mx-timeout.test's MX host never answers: each phase-1 chunk waits out the DNS budget (5 s), so both workers are
  // mid-chunk when one dies. 2,000 addresses: two chunks in phase 1, then two more for the retry of the DNS failures.
  const rows = [
    ...Array.from({ length: 1_000 }, (_, n) => ({ email: `a${n}@mx-timeout.test` })),
    ...Array.from({ length: 1_000 }, (_, n) => ({ email: `b${n}@mx-timeout.test` })),
  ];
  const [victim, survivor] = await workerProcesses();
  assert.ok(victim && survivor, "devstack runs the worker as two processes");

  const { sessionId, leased, done } = await withoutScheduledKicks(async () => {
    // The api's two kicks, sent at once, reach the two processes in turn: one worker each, each claiming a chunk.
    const sessionId = await upload(token, rows, { partRows: 1_000 });
    const leased = await pollUntil(async () => {
      const chunks = (await jobState(sessionId)).chunks.filter((chunk) => chunk.state === "leased");
      return chunks.length === 2 ? chunks : undefined;
    }, () => "both workers did not hold a chunk");

    Deno.kill(victim.pid, "SIGKILL");
    return { sessionId, leased, done: await waitUntilCompleted(token, sessionId) };
  });

  assert.deepEqual(
    [done.totalEmails, done.processedEmails, done.validCount, done.invalidCount, done.warningCount],
    [2_000, 2_000, 0, 0, 2_000],
  );
  const state = await jobState(sessionId);
  assert.deepEqual(state.items, { total: 2_000, with_result: 2_000, rows: 2_000 });
  assert.ok(state.chunks.every((chunk) => chunk.state === "done"), JSON.stringify(state.chunks));
  const attempts = leased.map(({ chunk_no }) => state.chunks.find((chunk) => chunk.chunk_no === chunk_no)?.attempts);
  assert.deepEqual(attempts.sort(), [1, 2], "the survivor finished its chunk, then claimed the dead worker's once");
  assert.ok(state.chunks.some((chunk) => chunk.phase === 2), "the DNS failures were retried at the end");
  assert.equal(state.logs, 1, "one usage log for the job");

  const lines = (await download(token, sessionId)).text.trimEnd().split("\r\n");
  assert.equal(lines.length, 2_001, "one record per row");
  assert.ok(lines.slice(1).every((line) => line.includes(",unknown,dns_error,")), lines[1] ?? "no records");

  // devstack started the killed process again, as the edge runtime boots a fresh isolate; the other was untouched.
  const [restarted, untouched] = await pollUntil(async () => {
    const now = await workerProcesses();
    return now[0]!.restarts > victim.restarts ? now : undefined;
  }, () => "the killed worker process was not started again");
  assert.deepEqual([restarted!.restarts, restarted!.pid === victim.pid], [victim.restarts + 1, false]);
  assert.deepEqual([untouched!.pid, untouched!.restarts], [survivor.pid, survivor.restarts]);
});
