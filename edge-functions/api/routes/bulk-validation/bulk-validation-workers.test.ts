// The bulk validation worker against the running stack: only callers with the shared secret start it, several workers
// at once give the same result as one, and a worker killed mid-job (its Deno process, SIGKILL) loses and doubles
// nothing: once devstack has started the function again and the lease has run out, the next kick (what the schedule
// does every minute) finishes the job with exactly one verdict per row.
import assert from "node:assert/strict";
import {
  BULK_WORKER_URL,
  download,
  FIXTURE_VERDICTS,
  type Row,
  runWorker,
  upload,
  waitForSession,
  waitUntilCompleted,
  workerProcess,
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

Deno.test("a worker killed mid-job loses and doubles nothing: the job completes with one verdict per row", async () => {
  const { token } = await signedInUser();
  // mx-timeout.test's MX host never answers: each phase-1 chunk waits out the DNS budget, so the job is mid-chunk
  // when its worker dies. 2,000 addresses: two chunks in phase 1, then two more for the retry of the DNS failures.
  const rows = [
    ...Array.from({ length: 1_000 }, (_, n) => ({ email: `a${n}@mx-timeout.test` })),
    ...Array.from({ length: 1_000 }, (_, n) => ({ email: `b${n}@mx-timeout.test` })),
  ];
  const before = await workerProcess();
  const sessionId = await upload(token, rows, { partRows: 1_000 });
  await waitForSession(token, sessionId, (session) => session.status === "running", "running");
  const leased = (await jobState(sessionId)).chunks.filter((chunk) => chunk.state === "leased");
  assert.ok(leased.length >= 1, "a worker holds a chunk");

  Deno.kill(before.pid, "SIGKILL");
  // devstack starts the function again, as the edge runtime boots a fresh worker.
  const deadline = Date.now() + 120_000;
  let after = before;
  while (after.pid === before.pid || after.restarts === before.restarts) {
    assert.ok(Date.now() < deadline, "the worker function was not started again");
    await new Promise((resolve) => setTimeout(resolve, 100));
    after = await workerProcess();
  }
  assert.equal(after.restarts, before.restarts + 1);

  // What a lease's end does, without waiting its 60 seconds: the dead worker's chunks are free to claim again.
  await withDatabase((sql) => sql`
    update public.bulk_validation_chunks set lease_until = now() where session_id = ${sessionId} and state = 'leased'
  `);
  // What the schedule does every minute: kick a worker while work waits. Two, to be done sooner.
  await Promise.all([runWorker(), runWorker()]);

  const done = await waitUntilCompleted(token, sessionId);
  assert.deepEqual(
    [done.totalEmails, done.processedEmails, done.validCount, done.invalidCount, done.warningCount],
    [2_000, 2_000, 0, 0, 2_000],
  );
  const state = await jobState(sessionId);
  assert.deepEqual(state.items, { total: 2_000, with_result: 2_000, rows: 2_000 });
  assert.ok(state.chunks.every((chunk) => chunk.state === "done"), JSON.stringify(state.chunks));
  for (const { chunk_no } of leased) {
    assert.equal(state.chunks.find((chunk) => chunk.chunk_no === chunk_no)?.attempts, 2, `chunk ${chunk_no} was claimed again once`);
  }
  assert.ok(state.chunks.some((chunk) => chunk.phase === 2), "the DNS failures were retried at the end");
  assert.equal(state.logs, 1, "one usage log for the job");

  const lines = (await download(token, sessionId)).text.trimEnd().split("\r\n");
  assert.equal(lines.length, 2_001, "one record per row");
  assert.ok(lines.slice(1).every((line) => line.includes(",unknown,dns_error,")), lines[1] ?? "no records");
});
