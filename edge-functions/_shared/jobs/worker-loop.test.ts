// The loop against a queue of the test's own: a fake of the job's steps (claim, process, complete, release, renew,
// claimableInMs) with leases that run out, never of the database. Time is a virtual clock, so budgets and leases are
// exact and nothing waits.
import assert from "node:assert/strict";
import { type JobSteps, reasonOf, runWorkerLoop, shouldKickSuccessor, WAIT_SLACK_MS } from "./worker-loop.ts";
import { timeBudget } from "./time-budget.ts";
import { VirtualClock } from "./testing/virtual-clock.ts";

interface Unit {
  id: number;
  token: number;
}

interface QueueOptions {
  processMs?: (id: number) => number;
  /** Units whose processing throws the first time. */
  failingOnce?: Set<number>;
  /** Units another worker takes over while they are first processed (a new token), as if our lease had expired. */
  stealDuringProcess?: Set<number>;
  leaseMs?: number;
  /** Renew leases every so many ms while processing; no renewal when absent. */
  renewEveryMs?: number;
}

type Entry = { state: "pending" | "leased" | "done"; token: number; until: number; attempts: number };

/** A queue with leases as the job SQL keeps them: a lease lasts leaseMs unless renewed, and an expired one is claimed
 * again under a new token; completing, releasing and renewing check the token. */
class FakeQueue implements JobSteps<Unit, string> {
  entries = new Map<number, Entry>();
  done: { id: number; outcome: string }[] = [];
  releases: { id: number; reason: string }[] = [];
  renewals = 0;
  claims = 0;
  renewal?: JobSteps<Unit, string>["renewal"];
  private tokens = 0;
  private leaseMs: number;

  constructor(units: number, readonly clock: VirtualClock, readonly options: QueueOptions = {}) {
    for (let id = 1; id <= units; id++) this.entries.set(id, { state: "pending", token: 0, until: 0, attempts: 0 });
    this.leaseMs = options.leaseMs ?? 10_000;
    if (options.renewEveryMs !== undefined) {
      this.renewal = { everyMs: options.renewEveryMs, renew: (unit) => Promise.resolve(this.renew(unit)) };
    }
  }

  get pending(): number[] {
    return [...this.entries].filter(([, entry]) => entry.state === "pending").map(([id]) => id);
  }

  private claimable(entry: Entry): boolean {
    return entry.state === "pending" || (entry.state === "leased" && entry.until <= this.clock.now);
  }

  claim(): Promise<Unit | null> {
    this.claims++;
    const found = [...this.entries].find(([, entry]) => this.claimable(entry));
    if (!found) return Promise.resolve(null);
    const [id, entry] = found;
    Object.assign(entry, { state: "leased", token: ++this.tokens, until: this.clock.now + this.leaseMs });
    entry.attempts++;
    return Promise.resolve({ id, token: entry.token });
  }

  claimableInMs(): Promise<number | null> {
    const open = [...this.entries.values()].filter((entry) => entry.state !== "done");
    if (open.length === 0) return Promise.resolve(null);
    if (open.some((entry) => this.claimable(entry))) return Promise.resolve(0);
    return Promise.resolve(Math.min(...open.map((entry) => entry.until)) - this.clock.now);
  }

  private held(unit: Unit): Entry | undefined {
    const entry = this.entries.get(unit.id)!;
    return entry.state === "leased" && entry.token === unit.token ? entry : undefined;
  }

  renew(unit: Unit): boolean {
    this.renewals++;
    const entry = this.held(unit);
    if (entry) entry.until = this.clock.now + this.leaseMs;
    return entry !== undefined;
  }

  /** The leaseLost signal each processing was given, by unit. */
  leaseSignals = new Map<number, AbortSignal>();

  async process(unit: Unit, leaseLost?: AbortSignal): Promise<string> {
    if (leaseLost) this.leaseSignals.set(unit.id, leaseLost);
    await this.clock.sleep(this.options.processMs?.(unit.id) ?? 1_000);
    if (this.options.failingOnce?.delete(unit.id)) throw new Error(`unit ${unit.id} broke`);
    if (this.options.stealDuringProcess?.delete(unit.id)) this.entries.get(unit.id)!.token = ++this.tokens;
    return `result ${unit.id}`;
  }

  complete(unit: Unit, outcome: string): Promise<boolean> {
    const entry = this.held(unit);
    if (!entry) return Promise.resolve(false);
    entry.state = "done";
    this.done.push({ id: unit.id, outcome });
    return Promise.resolve(true);
  }

  release(unit: Unit, reason: string): Promise<void> {
    const entry = this.held(unit);
    if (entry) entry.state = "pending";
    this.releases.push({ id: unit.id, reason });
    return Promise.resolve();
  }
}

function budgetOn(clock: VirtualClock, totalMs = 50_000, marginMs = 5_000) {
  return timeBudget({ totalMs, marginMs, now: () => clock.now, sleep: clock.sleep });
}

/** A worker that claimed a unit and died: it never renews, completes or releases it. */
async function dieHolding(queue: FakeQueue): Promise<Unit> {
  const unit = await queue.claim();
  assert.ok(unit, "there was a unit to claim");
  return unit;
}

const ids = (done: { id: number }[]) => done.map((unit) => unit.id).sort((a, b) => a - b);

Deno.test("the loop completes every unit and stops when there is no work", async () => {
  const clock = new VirtualClock();
  const queue = new FakeQueue(5, clock);
  const summary = await clock.run(runWorkerLoop(queue, budgetOn(clock)));
  assert.deepEqual(summary, {
    stoppedBy: "no_work",
    claimed: 5,
    completed: 5,
    lost: 0,
    released: 0,
    waits: 0,
    elapsedMs: 5_000,
  });
  assert.deepEqual(queue.done.map((unit) => unit.id), [1, 2, 3, 4, 5]);
  assert.deepEqual(queue.pending, []);
});

Deno.test("the loop stops claiming once the time left would not cover the margin plus the longest unit", async () => {
  const clock = new VirtualClock();
  // 10 s a unit: after four (40 s), 10 s are left, less than 5 s margin + 10 s: the fifth is left for a successor.
  const queue = new FakeQueue(8, clock, { processMs: () => 10_000, renewEveryMs: 3_000 });
  const summary = await clock.run(runWorkerLoop(queue, budgetOn(clock)));
  assert.equal(summary.stoppedBy, "budget");
  assert.equal(summary.completed, 4);
  assert.deepEqual(queue.pending, [5, 6, 7, 8]);
  assert.ok([...queue.entries.values()].every((entry) => entry.state !== "leased"), "a worker stopping leaves no lease");
});

Deno.test("the estimate is the longest unit so far, so one slow unit makes the worker hand over early", async () => {
  const clock = new VirtualClock();
  const queue = new FakeQueue(10, clock, { processMs: (id) => (id === 2 ? 20_000 : 1_000), renewEveryMs: 3_000 });
  const summary = await clock.run(runWorkerLoop(queue, budgetOn(clock)));
  // 1 s, 20 s, then 1 s units while 5 s margin + 20 s are left: units 3 to 7 end at 26 s, with 24 s left: stop.
  assert.deepEqual([summary.stoppedBy, summary.completed, summary.elapsedMs], ["budget", 7, 26_000]);
});

Deno.test("a budget with no room claims nothing", async () => {
  const clock = new VirtualClock();
  const queue = new FakeQueue(3, clock);
  const summary = await clock.run(runWorkerLoop(queue, budgetOn(clock, 4_000)));
  assert.deepEqual([summary.stoppedBy, summary.claimed], ["budget", 0]);
  assert.equal(queue.pending.length, 3);
});

Deno.test("a unit whose processing throws is released with its reason, and the loop goes on", async () => {
  const clock = new VirtualClock();
  const queue = new FakeQueue(3, clock, { failingOnce: new Set([2]) });
  const summary = await clock.run(runWorkerLoop(queue, budgetOn(clock)));
  assert.deepEqual([summary.completed, summary.released], [3, 1]);
  assert.deepEqual(queue.releases, [{ id: 2, reason: "Error: unit 2 broke" }]);
  assert.equal(queue.entries.get(2)!.attempts, 2, "the released unit was claimed again");
});

Deno.test("a lease lost to another worker is counted as lost, not completed, and nothing is stored for it", async () => {
  const clock = new VirtualClock();
  const queue = new FakeQueue(3, clock, { stealDuringProcess: new Set([1]) });
  const summary = await clock.run(runWorkerLoop(queue, budgetOn(clock)));
  assert.equal(summary.lost, 1);
  assert.deepEqual(queue.done.map((unit) => unit.id), [2, 3, 1], "unit 1 once: after the thief's lease ran out");
});

Deno.test("a failing claim or complete (the database) ends the loop with its error", async () => {
  const clock = new VirtualClock();
  const queue = new FakeQueue(2, clock);
  queue.complete = () => Promise.reject(new Error("connection lost"));
  await assert.rejects(clock.run(runWorkerLoop(queue, budgetOn(clock))), /connection lost/);
});

Deno.test("two workers on one queue share its units: each is completed exactly once", async () => {
  const clock = new VirtualClock();
  const queue = new FakeQueue(20, clock, { processMs: () => 0 });
  const [a, b] = await clock.run(Promise.all([runWorkerLoop(queue, budgetOn(clock)), runWorkerLoop(queue, budgetOn(clock))]));
  assert.equal(a.completed + b.completed, 20);
  assert.deepEqual(ids(queue.done), Array.from({ length: 20 }, (_, i) => i + 1));
});

// Leases --------------------------------------------------------------------------------------------------------------

Deno.test("a unit that outlasts its lease many times over stays its worker's while the worker renews it", async () => {
  const clock = new VirtualClock();
  // 10 s leases, a 25 s unit, and a second worker looking for work all along.
  const queue = new FakeQueue(2, clock, { processMs: (id) => (id === 1 ? 25_000 : 1_000), renewEveryMs: 3_000 });
  const [slow, other] = await clock.run(Promise.all([runWorkerLoop(queue, budgetOn(clock)), runWorkerLoop(queue, budgetOn(clock))]));
  assert.deepEqual([slow.completed, slow.lost, other.completed, other.lost], [1, 0, 1, 0]);
  assert.equal(queue.entries.get(1)!.attempts, 1, "nobody claimed the slow unit from its live worker");
  assert.ok(queue.renewals >= 8, `${queue.renewals} renewals`);
});

Deno.test("without renewals the same slow unit is claimed again when its lease runs out, and its first worker's outcome is lost", async () => {
  const clock = new VirtualClock();
  const queue = new FakeQueue(2, clock, { processMs: (id) => (id === 1 ? 25_000 : 1_000) });
  const [slow, other] = await clock.run(Promise.all([runWorkerLoop(queue, budgetOn(clock)), runWorkerLoop(queue, budgetOn(clock))]));
  assert.equal(slow.lost + other.lost, 1);
  assert.equal(queue.entries.get(1)!.attempts, 2);
  assert.deepEqual(ids(queue.done), [1, 2]);
});

Deno.test("a renewal that finds the lease gone stops the unit: no completion, no release, counted as lost", async () => {
  const clock = new VirtualClock();
  const queue = new FakeQueue(1, clock, { processMs: () => 20_000, renewEveryMs: 3_000 });
  // Another worker takes the unit over at 4 s (say, its lease ran out while this worker's machine stalled).
  void clock.sleep(4_000).then(() => (queue.entries.get(1)!.token = 99));
  let completes = 0;
  const complete = queue.complete.bind(queue);
  queue.complete = (unit, outcome) => (completes++, complete(unit, outcome));
  const summary = await clock.run(runWorkerLoop(queue, budgetOn(clock, 30_000)));
  assert.equal(queue.leaseSignals.get(1)?.aborted, true, "the work was told at the renewal after the takeover");
  assert.deepEqual([summary.completed, summary.lost, summary.released, completes, queue.releases.length], [0, 1, 0, 0, 0]);
});

Deno.test("a renewal that fails (the database for a moment) is tried again at the next beat, and the unit completes", async () => {
  const clock = new VirtualClock();
  const queue = new FakeQueue(1, clock, { processMs: () => 20_000, renewEveryMs: 3_000 });
  const renewal = queue.renewal!;
  let failures = 0;
  queue.renewal = {
    everyMs: renewal.everyMs,
    renew: (unit) => (failures++ < 2 ? Promise.reject(new Error("connection reset")) : renewal.renew(unit)),
  };
  const summary = await clock.run(runWorkerLoop(queue, budgetOn(clock)));
  assert.deepEqual([summary.completed, summary.lost], [1, 0]);
  assert.ok(queue.renewals >= 4, `${queue.renewals} renewals after the two failures`);
});

// Waiting for another worker's lease ------------------------------------------------------------------------------------

Deno.test("a worker with nothing to claim waits for a dead worker's lease to run out, then takes its unit over", async () => {
  const clock = new VirtualClock();
  const queue = new FakeQueue(3, clock, { renewEveryMs: 3_000 });
  const orphan = await dieHolding(queue);
  const summary = await clock.run(runWorkerLoop(queue, budgetOn(clock)));
  assert.deepEqual([summary.stoppedBy, summary.completed, summary.waits], ["no_work", 3, 1]);
  assert.equal(queue.entries.get(orphan.id)!.attempts, 2, "the dead worker's unit was claimed again");
  // Units 2 and 3 took 2 s; then one wait to the lease's end (10 s) plus the slack, and the orphan's 1 s.
  assert.equal(clock.now, 10_000 + WAIT_SLACK_MS + 1_000);
});

Deno.test("a waiting worker wakes about once a lease while a live worker renews, and leaves when the job is done", async () => {
  const clock = new VirtualClock();
  const queue = new FakeQueue(1, clock, { processMs: () => 40_000, renewEveryMs: 3_000 });
  const [holder, waiter] = await clock.run(Promise.all([
    runWorkerLoop(queue, budgetOn(clock, 120_000)),
    runWorkerLoop(queue, budgetOn(clock, 120_000)),
  ]));
  assert.deepEqual([holder.completed, waiter.completed, waiter.claimed], [1, 0, 0]);
  // Renewed every 3 s, the lease always ends 7 to 10 s ahead: 40 s of work is a handful of wakes, not a busy poll.
  assert.ok(waiter.waits >= 4 && waiter.waits <= 7, `${waiter.waits} waits`);
  assert.equal(waiter.stoppedBy, "no_work");
});

Deno.test("a wait that would not leave room for a unit ends the run for time, so a successor is kicked", async () => {
  const clock = new VirtualClock();
  const queue = new FakeQueue(1, clock);
  await dieHolding(queue);
  // 10 s to the lease's end, but 12 s of budget with a 5 s margin leave 7 s.
  const summary = await clock.run(runWorkerLoop(queue, budgetOn(clock, 12_000)));
  assert.deepEqual([summary.stoppedBy, summary.waits, summary.claimed], ["budget", 0, 0]);
  assert.equal(await shouldKickSuccessor(summary, async () => (await queue.claimableInMs()) !== null), true);
});

Deno.test("a job without claimableInMs stops at the first empty claim, as before leases were waited for", async () => {
  const clock = new VirtualClock();
  const queue = new FakeQueue(2, clock);
  await dieHolding(queue);
  const steps: JobSteps<Unit, string> = {
    claim: () => queue.claim(),
    process: (unit) => queue.process(unit),
    complete: (unit, outcome) => queue.complete(unit, outcome),
    release: (unit, reason) => queue.release(unit, reason),
  };
  const summary = await clock.run(runWorkerLoop(steps, budgetOn(clock)));
  assert.deepEqual([summary.stoppedBy, summary.completed, summary.waits], ["no_work", 1, 0]);
});

// Successors --------------------------------------------------------------------------------------------------------

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
