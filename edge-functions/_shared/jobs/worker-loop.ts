// The loop every background worker runs: claim a unit of work (a chunk, with a lease), process it, then complete it or
// give it back, until there is no work or the time budget runs low. The database is the queue: claiming, completing
// and releasing are the job's own SQL functions, and a worker that dies mid-chunk loses nothing, since its lease
// expires and another worker claims the chunk again. Plain functions with no HTTP and no database of their own, so
// every later job (campaigns, CRM sync, webhooks) reuses them with its own steps.
import type { TimeBudget } from "./time-budget.ts";

/** What a job plugs into the loop. `Claim` is one leased unit of work, `Outcome` what processing it produced. */
export interface JobSteps<Claim, Outcome> {
  /** Leases the next unit of work, or null when there is none to take. */
  claim(): Promise<Claim | null>;
  /** The work itself. A throw gives the unit back (release) and the loop goes on with the next. */
  process(claim: Claim): Promise<Outcome>;
  /** Stores the outcome if the lease is still ours: false when it was lost (expired and claimed again, or the job
   * deleted), in which case nothing was written. */
  complete(claim: Claim, outcome: Outcome): Promise<boolean>;
  /** Gives the unit back after a failed process, with the reason, for another attempt (the job decides how many). */
  release(claim: Claim, reason: string): Promise<void>;
}

/** Why the loop stopped. */
export type StopReason = "no_work" | "budget";

export interface WorkerSummary {
  stoppedBy: StopReason;
  /** Units claimed, and of those: completed, lost to another worker, and given back after a failure. */
  claimed: number;
  completed: number;
  lost: number;
  released: number;
  elapsedMs: number;
}

/**
 * Claims and processes units one after another until none is left or the budget has no room for another. A failure
 * of `claim`, `complete` or `release` (the database itself) ends the loop with that error: the lease in hand then
 * simply expires, and the schedule or the next kick picks the work up again.
 */
export async function runWorkerLoop<Claim, Outcome>(
  steps: JobSteps<Claim, Outcome>,
  budget: TimeBudget,
): Promise<WorkerSummary> {
  const summary: WorkerSummary = { stoppedBy: "no_work", claimed: 0, completed: 0, lost: 0, released: 0, elapsedMs: 0 };
  for (;;) {
    if (!budget.hasRoomForAnother()) {
      summary.stoppedBy = "budget";
      break;
    }
    const claim = await steps.claim();
    if (claim === null) break;
    summary.claimed++;
    const unit = budget.startUnit();
    let outcome: Outcome;
    try {
      outcome = await steps.process(claim);
    } catch (error) {
      unit.end();
      await steps.release(claim, reasonOf(error));
      summary.released++;
      continue;
    }
    if (await steps.complete(claim, outcome)) summary.completed++;
    else summary.lost++;
    unit.end();
  }
  summary.elapsedMs = Math.round(budget.elapsedMs());
  return summary;
}

/**
 * Whether the worker should kick a successor before it returns: only when it stopped for time, and work is still
 * waiting. A worker that ran out of work kicks nobody: chunks other workers hold are theirs, and should one of them
 * die, its lease expires and the schedule kicks a worker for it.
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
