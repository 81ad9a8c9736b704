// The loop every job's worker runs: claim a unit of work (a chunk) under a lease, process it, then complete it or
// give it back, until there is no work or the time budget runs low. The database is the queue: claiming, completing
// and releasing are the job's own SQL functions, and a worker that dies mid-chunk loses nothing, since its lease
// expires and another worker claims the chunk again. Leases can be short, since a live worker renews its lease while it
// works; and a worker that finds nothing to claim while other workers hold units waits for the earliest lease to run
// out rather than leaving, so when a worker dies, a survivor takes its unit over within seconds. Plain functions with no
// HTTP and no database of their own, so every later job (campaigns, CRM sync, webhooks) reuses them with its own steps.
import type { TimeBudget } from "./time-budget.ts";

/** What a job plugs into the loop. `Claim` is one leased unit of work, `Outcome` what processing it produced. */
export interface JobSteps<Claim, Outcome> {
  /** Leases the next unit of work, or null when there is none to take. */
  claim(): Promise<Claim | null>;
  /** The work itself. A throw gives the unit back (release) and the loop goes on with the next. `leaseLost` aborts when
   * a renewal finds the lease gone: the work may stop there, as its outcome would not be stored. */
  process(claim: Claim, leaseLost: AbortSignal): Promise<Outcome>;
  /** Stores the outcome if the lease is still ours: false when it was lost (expired and claimed again, or the job
   * deleted), in which case nothing was written. */
  complete(claim: Claim, outcome: Outcome): Promise<boolean>;
  /** Gives the unit back after a failed process, with the reason, for another attempt (the job decides how many). */
  release(claim: Claim, reason: string): Promise<void>;
  /** Keeps the lease of the unit in hand alive while it is processed, every `everyMs`: `renew` extends it and answers
   * false once it was lost. A job without it must finish each unit within its lease. */
  renewal?: { everyMs: number; renew(claim: Claim): Promise<boolean> };
  /** When claim found nothing: milliseconds until a unit another worker holds may be claimed (its lease runs out), 0
   * when one may be already, null when no unit waits or is held (the job is done). A job without it stops at the first
   * empty claim. */
  claimableInMs?(): Promise<number | null>;
}

/** Added to a wait for another worker's lease: a claim right at its end may still find it held, the wait being
 * rounded and timers firing early or late by a little. */
export const WAIT_SLACK_MS = 200;

/** Why the loop stopped. */
export type StopReason = "no_work" | "budget";

export interface WorkerSummary {
  stoppedBy: StopReason;
  /** Units claimed, and of those: completed, lost to another worker, and given back after a failure. */
  claimed: number;
  completed: number;
  lost: number;
  released: number;
  /** Times the worker found nothing to claim and waited for another worker's lease to run out. */
  waits: number;
  elapsedMs: number;
}

/**
 * Claims and processes units one after another until none is left or the budget has no room for another. A failure
 * of `claim`, `complete`, `release` or `claimableInMs` (the database itself) ends the loop with that error: the lease in
 * hand then simply expires, and a worker still running, the next kick or the schedule picks the work up again.
 */
export async function runWorkerLoop<Claim, Outcome>(
  steps: JobSteps<Claim, Outcome>,
  budget: TimeBudget,
): Promise<WorkerSummary> {
  const summary: WorkerSummary = {
    stoppedBy: "no_work",
    claimed: 0,
    completed: 0,
    lost: 0,
    released: 0,
    waits: 0,
    elapsedMs: 0,
  };
  for (;;) {
    if (!budget.hasRoomForAnother()) {
      summary.stoppedBy = "budget";
      break;
    }
    const claim = await steps.claim();
    if (claim === null) {
      const claimableInMs = steps.claimableInMs ? await steps.claimableInMs() : null;
      if (claimableInMs === null) break;
      const waitMs = claimableInMs + WAIT_SLACK_MS;
      if (!budget.hasRoomForAnother(waitMs)) {
        summary.stoppedBy = "budget";
        break;
      }
      summary.waits++;
      await budget.sleep(waitMs);
      continue;
    }
    summary.claimed++;
    const unit = budget.startUnit();
    const lease = keepLease(steps, claim, budget);
    let outcome: Outcome;
    try {
      outcome = await steps.process(claim, lease.lost);
    } catch (error) {
      await lease.stop();
      unit.end();
      if (lease.lost.aborted) {
        summary.lost++;
        continue;
      }
      await steps.release(claim, reasonOf(error));
      summary.released++;
      continue;
    }
    await lease.stop();
    // A lease found lost is not asked again: the answer would be false, after sending the whole outcome.
    if (!lease.lost.aborted && await steps.complete(claim, outcome)) summary.completed++;
    else summary.lost++;
    unit.end();
  }
  summary.elapsedMs = Math.round(budget.elapsedMs());
  return summary;
}

/**
 * Renews the unit's lease every `renewal.everyMs` until stopped. A renewal that fails (the database for a moment) is
 * tried again at the next beat: the lease outlives a few beats, and the completion's token check has the last word.
 */
function keepLease<Claim, Outcome>(
  steps: JobSteps<Claim, Outcome>,
  claim: Claim,
  budget: TimeBudget,
): { lost: AbortSignal; stop(): Promise<void> } {
  const lost = new AbortController();
  const stopped = new AbortController();
  const renewal = steps.renewal;
  const renewing = renewal
    ? (async () => {
      for (;;) {
        await budget.sleep(renewal.everyMs, stopped.signal);
        if (stopped.signal.aborted) return;
        try {
          if (!(await renewal.renew(claim))) return lost.abort(new Error("The unit's lease was lost"));
        } catch (error) {
          console.error("Renewing a lease failed; trying again at the next beat:", error);
        }
      }
    })()
    : Promise.resolve();
  return {
    lost: lost.signal,
    stop: async () => {
      stopped.abort();
      await renewing;
    },
  };
}

/**
 * Whether the worker should kick a successor before it returns: only when it stopped for time, and the job is not done
 * (`workRemains`: units wait, or other workers hold some, whose holder may yet die). A worker that ran out of work
 * kicks nobody: the job is done.
 */
export async function shouldKickSuccessor(
  summary: Pick<WorkerSummary, "stoppedBy">,
  workRemains: () => Promise<boolean>,
): Promise<boolean> {
  return summary.stoppedBy === "budget" && await workRemains();
}

/** A failure's reason as stored with the unit for whoever looks into it (bounded: it is a column, not a log). */
export function reasonOf(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > 500 ? `${text.slice(0, 497)}...` : text;
}
