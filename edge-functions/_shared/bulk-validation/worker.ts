// The bulk validation worker's run: chunks claimed, validated and completed until the time budget runs low, then a
// successor kicked while work remains. edge-functions/bulk-validation-worker/ serves it; the api starts it when an
// upload is complete; the schedule (pg_cron through pg_net) re-kicks it for orphaned work.
import { env } from "../env.ts";
import {
  type JobSteps,
  kickInBackground,
  kickWorker,
  type KickSettings,
  runWorkerLoop,
  shouldKickSuccessor,
  type TimeBudget,
  timeBudget,
  type WorkerSummary,
} from "../jobs/index.ts";
import { emailValidator, freshEmailValidator } from "../validation/index.ts";
import { type ItemResult, validateChunk } from "./chunk-validation.ts";
import { checkItemMailboxes } from "./mailbox-checks.ts";
import {
  claimableInMs,
  type ClaimedChunk,
  claimChunk,
  completeChunk,
  releaseChunk,
  renewLease,
  sessionExists,
} from "./privileged.ts";

/** The worker function's name (edge-functions/bulk-validation-worker, [functions.bulk-validation-worker]). */
export const BULK_WORKER = "bulk-validation-worker";

/**
 * How long a chunk's lease lasts from its claim or its last renewal. Its worker renews it every
 * BULK_LEASE_RENEW_EVERY_MS however long the chunk takes (one whose every domain times out takes about
 * (1,000 / DOMAINS_AT_ONCE) × 5 s), so this is only how soon a dead worker's chunk is claimed again: the whole price of
 * a crash, since the survivors take it over the moment it ends. A second of renewals costs one indexed update.
 */
export const BULK_LEASE_SECONDS = 3;
/** A third of the lease: two renewals late or failed (a busy database, a stalled event loop) still leave it standing. */
export const BULK_LEASE_RENEW_EVERY_MS = 1_000;

/** Workers started when an upload completes: two overlap one's DNS waits with the other's database writes. */
export const WORKERS_PER_UPLOAD = 2;

export interface BulkWorkerSummary extends WorkerSummary {
  /** Whether a successor was kicked. */
  kickedSuccessor: boolean;
}

/**
 * The chunk's verdicts: DNS first, then the mailbox checks of its receiving addresses in one request. Those a probe
 * still runs for are stored with their DNS verdict and wait; the probe's end moves them (the jobs' SQL).
 */
async function processChunk(chunk: ClaimedChunk, leaseLost: AbortSignal): Promise<ItemResult[]> {
  const results = await validateChunk(chunk.items, {
    // The retry of DNS failures asks DNS afresh, past the instance's memory of those failures.
    validator: chunk.phase === 1 ? emailValidator() : freshEmailValidator(),
    phase: chunk.phase,
    signal: leaseLost,
  });
  // A session deleted meanwhile (cancelled) takes nothing from this chunk: its completion will say so.
  if (!await sessionExists(chunk.sessionId)) return results;
  // No user waiter: the job's progress already tells its owner, and a message per address on their private topic
  // would be thousands for one file.
  return await checkItemMailboxes(results, { userId: null, bulkSessionId: chunk.sessionId });
}

const bulkSteps: JobSteps<ClaimedChunk, ItemResult[]> = {
  claim: () => claimChunk(BULK_LEASE_SECONDS),
  process: processChunk,
  complete: completeChunk,
  release: releaseChunk,
  renewal: { everyMs: BULK_LEASE_RENEW_EVERY_MS, renew: (chunk) => renewLease(chunk, BULK_LEASE_SECONDS) },
  claimableInMs,
};

/** Whether the job needs a worker still: chunks wait, or other workers hold some (and may yet die). */
async function workRemains(): Promise<boolean> {
  return await claimableInMs() !== null;
}

function kickSettings(): KickSettings {
  return { supabaseUrl: env().SUPABASE_URL, secret: env().WORKER_SECRET };
}

/** One worker run, from the first claim to the successor's kick. */
export async function runBulkValidationWorker(budget: TimeBudget = timeBudget()): Promise<BulkWorkerSummary> {
  const summary = await runWorkerLoop(bulkSteps, budget);
  const kickedSuccessor = await shouldKickSuccessor(summary, workRemains) && await kickWorker(BULK_WORKER, kickSettings());
  return { ...summary, kickedSuccessor };
}

/** Starts the workers for a job whose upload just completed, past the answer to the upload. */
export function startBulkWorkers(): void {
  for (let n = 0; n < WORKERS_PER_UPLOAD; n++) void kickInBackground(BULK_WORKER, kickSettings());
}
