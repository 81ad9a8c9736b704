// What a run's progress does to the cached list of recent runs. Pure, so the rules are tested without a socket: a run
// never goes back (a late event after a refetch brought newer counts), a finished run stays finished, and a run the
// list does not hold yet (started a moment ago) comes first.
import type { SyncRun, SyncRunStatus } from "@contracts/crm";

/** Runs that may still change: a paused one resumes once Zoho's daily credits are back. */
const UNFINISHED: readonly SyncRunStatus[] = ["pending", "running", "paused"];

export function isUnfinished(run: Pick<SyncRun, "status">): boolean {
  return UNFINISHED.includes(run.status);
}

/** The list with `run` written in; the same list when the event says nothing new. */
export function applyRunProgress(runs: SyncRun[] | undefined, run: SyncRun): SyncRun[] | undefined {
  if (!runs) return runs;
  const index = runs.findIndex((held) => held.jobId === run.jobId);
  const held = runs[index];
  if (!held) return [run, ...runs];
  if (!isUnfinished(held)) return runs;
  if (isUnfinished(run) && run.processed < held.processed) return runs;
  if (JSON.stringify(held) === JSON.stringify(run)) return runs;
  const next = [...runs];
  next[index] = run;
  return next;
}
