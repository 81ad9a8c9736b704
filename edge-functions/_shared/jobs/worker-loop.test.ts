// The loop against a queue of the test's own: a fake of the job's steps (claim, process, complete, release), never of
// the database. The clock is the test's too, so budgets are exact and nothing waits.
import assert from "node:assert/strict";
import { type JobSteps, reasonOf, runWorkerLoop, shouldKickSuccessor } from "./worker-loop.ts";
import { timeBudget } from "./time-budget.ts";

interface Unit {
  id: number;
  token: number;
}

/** A queue with leases: claim hands out the next pending unit with a new token; complete checks the token. */
class FakeQueue implements JobSteps<Unit, string> {
  pending: number[];
  leases = new Map<number, number>();
  done: { id: number; outcome: string }[] = [];
  releases: { id: number; reason: string }[] = [];
  private tokens = 0;

  constructor(
    units: number,
    readonly clock: { now: number },
    readonly options: { processMs?: (id: number) => number; failing?: Set<number>; stealAfterProcess?: Set<number> } =
      {},
  ) {
    this.pending = Array.from({ length: units }, (_, index) => index + 1);
  }

  claim(): Promise<Unit | null> {
    const id = this.pending.shift();
    if (id === undefined) return Promise.resolve(null);
    const token = ++this.tokens;
    this.leases.set(id, token);
    return Promise.resolve({ id, token });
  }

  process(unit: Unit): Promise<string> {
    this.clock.now += this.options.processMs?.(unit.id) ?? 1_000;
    if (this.options.failing?.has(unit.id)) return Promise.reject(new Error(`unit ${unit.id} broke`));
    // Another worker took the unit meanwhile (our lease expired): it holds a newer token now.
    if (this.options.stealAfterProcess?.has(unit.id)) this.leases.set(unit.id, ++this.tokens);
    return Promise.resolve(`result ${unit.id}`);
  }

  complete(unit: Unit, outcome: string): Promise<boolean> {
    if (this.leases.get(unit.id) !== unit.token) return Promise.resolve(false);
    this.leases.delete(unit.id);
    this.done.push({ id: unit.id, outcome });
    return Promise.resolve(true);
  }

  release(unit: Unit, reason: string): Promise<void> {
    this.leases.delete(unit.id);
    this.releases.push({ id: unit.id, reason });
    return Promise.resolve();
  }
}

function clockAndBudget(totalMs: number, marginMs: number) {
  const clock = { now: 0 };
  return { clock, budget: timeBudget({ totalMs, marginMs, now: () => clock.now }) };
}

Deno.test("the loop completes every unit and stops when there is no work", async () => {
  const { clock, budget } = clockAndBudget(50_000, 5_000);
  const queue = new FakeQueue(5, clock);
  const summary = await runWorkerLoop(queue, budget);
  assert.deepEqual(summary, { stoppedBy: "no_work", claimed: 5, completed: 5, lost: 0, released: 0, elapsedMs: 5_000 });
  assert.deepEqual(queue.done.map((unit) => unit.id), [1, 2, 3, 4, 5]);
  assert.deepEqual(queue.pending, []);
});

Deno.test("the loop stops claiming once the time left would not cover the margin plus the longest unit", async () => {
  const { clock, budget } = clockAndBudget(50_000, 5_000);
  // 10 s a unit: after four (40 s), 10 s are left, less than 5 s margin + 10 s: the fifth is left for a successor.
  const queue = new FakeQueue(8, clock, { processMs: () => 10_000 });
  const summary = await runWorkerLoop(queue, budget);
  assert.equal(summary.stoppedBy, "budget");
  assert.equal(summary.completed, 4);
  assert.deepEqual(queue.pending, [5, 6, 7, 8]);
  assert.equal(queue.leases.size, 0, "no unit is left leased by a worker that stopped for time");
});

Deno.test("the estimate is the longest unit so far, so one slow unit makes the worker hand over early", async () => {
  const { clock, budget } = clockAndBudget(50_000, 5_000);
  const queue = new FakeQueue(10, clock, { processMs: (id) => (id === 2 ? 20_000 : 1_000) });
  const summary = await runWorkerLoop(queue, budget);
  // 1 s, 20 s, then 1 s units while 5 s margin + 20 s are left: units 3 to 7 end at 26 s, with 24 s left: stop.
  assert.deepEqual([summary.stoppedBy, summary.completed, summary.elapsedMs], ["budget", 7, 26_000]);
});

Deno.test("a budget with no room claims nothing", async () => {
  const { clock, budget } = clockAndBudget(4_000, 5_000);
  const queue = new FakeQueue(3, clock);
  const summary = await runWorkerLoop(queue, budget);
  assert.deepEqual([summary.stoppedBy, summary.claimed], ["budget", 0]);
  assert.equal(queue.pending.length, 3);
});

Deno.test("a unit whose processing throws is released with its reason, and the loop goes on", async () => {
  const { clock, budget } = clockAndBudget(50_000, 5_000);
  const queue = new FakeQueue(3, clock, { failing: new Set([2]) });
  const summary = await runWorkerLoop(queue, budget);
  assert.deepEqual([summary.completed, summary.released], [2, 1]);
  assert.deepEqual(queue.releases, [{ id: 2, reason: "Error: unit 2 broke" }]);
});

Deno.test("a lease lost to another worker is counted as lost, not completed, and nothing is stored for it", async () => {
  const { clock, budget } = clockAndBudget(50_000, 5_000);
  const queue = new FakeQueue(3, clock, { stealAfterProcess: new Set([1]) });
  const summary = await runWorkerLoop(queue, budget);
  assert.deepEqual([summary.completed, summary.lost], [2, 1]);
  assert.deepEqual(queue.done.map((unit) => unit.id), [2, 3]);
});

Deno.test("a failing claim or complete (the database) ends the loop with its error", async () => {
  const { clock, budget } = clockAndBudget(50_000, 5_000);
  const queue = new FakeQueue(2, clock);
  queue.complete = () => Promise.reject(new Error("connection lost"));
  await assert.rejects(runWorkerLoop(queue, budget), /connection lost/);
});

Deno.test("two workers on one queue share its units: each is completed exactly once", async () => {
  const clock = { now: 0 };
  const queue = new FakeQueue(20, clock, { processMs: () => 0 });
  const [a, b] = await Promise.all([
    runWorkerLoop(queue, timeBudget({ now: () => clock.now })),
    runWorkerLoop(queue, timeBudget({ now: () => clock.now })),
  ]);
  assert.equal(a.completed + b.completed, 20);
  assert.deepEqual(queue.done.map((unit) => unit.id).sort((x, y) => x - y), Array.from({ length: 20 }, (_, i) => i + 1));
});

Deno.test("a successor is kicked only when the worker stopped for time and work remains", async () => {
  let asked = 0;
  const remains = (answer: boolean) => () => {
    asked++;
    return Promise.resolve(answer);
  };
  assert.equal(await shouldKickSuccessor({ stoppedBy: "budget" }, remains(true)), true);
  assert.equal(await shouldKickSuccessor({ stoppedBy: "budget" }, remains(false)), false);
  assert.equal(asked, 2);
  assert.equal(await shouldKickSuccessor({ stoppedBy: "no_work" }, remains(true)), false);
  assert.equal(asked, 2, "a worker that ran out of work does not even ask");
});

Deno.test("a failure's reason is bounded for storage", () => {
  assert.equal(reasonOf(new TypeError("bad")), "TypeError: bad");
  assert.equal(reasonOf("plain"), "plain");
  assert.equal(reasonOf(new Error("x".repeat(1_000))).length, 500);
});
