// The crm-sync-worker's run: a bulk run is worked through 100 contacts at a time (Zoho's upsert batch). Each unit is a
// claim of a run under a lease, its next pending items, one syncBatch, and the outcomes recorded with the lease
// checked, so a worker that dies mid-batch loses nothing: its lease expires, the next claim takes the run over, and
// the items it had not recorded are synced again (an upsert on Email is idempotent; recorded items are never redone).
// Zoho asking to wait (a 429) extends the lease for the wait; spent daily credits pause the run until they reset; a
// refused refresh token marks the integration needs_reconnect and fails the run; Zoho being down gives the run back
// for a minute.
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
import { ZOHO_UPSERT_BATCH } from "./contract.ts";
import { integrationById, markNeedsReconnect } from "./privileged-connections.ts";
import { releaseSyncLease } from "./privileged-lease-release.ts";
import {
  claimSyncRun,
  type ClaimedSyncRun,
  failSyncRun,
  pauseSyncRun,
  recordSyncItems,
  renewSyncLease,
  syncClaimableInMs,
  syncRunBatch,
} from "./privileged-queue.ts";
import { type SyncItemResult, syncBatch } from "./sync-batch.ts";
import { zohoClientFor } from "./zoho-session.ts";
import { ZohoCreditsExhausted, ZohoReconnectNeeded, ZohoUnavailable } from "./zoho/errors.ts";

/** The worker function's name (edge-functions/crm-sync-worker, [functions.crm-sync-worker]). */
export const CRM_SYNC_WORKER = "crm-sync-worker";

/** A batch is a few Zoho calls, renewed meanwhile; this is only how soon a dead worker's run is taken over. */
export const CRM_SYNC_LEASE_SECONDS = 20;
export const CRM_SYNC_LEASE_RENEW_EVERY_MS = 5_000;
/** How long a run waits after Zoho stayed unavailable through the client's retries. */
const UNAVAILABLE_PAUSE_MS = 60_000;

type BatchOutcome =
  | { kind: "results"; results: SyncItemResult[] }
  | { kind: "pause"; resumeAfter: Date; message: string }
  | { kind: "fail"; message: string };

async function syncNextBatch(run: ClaimedSyncRun): Promise<BatchOutcome> {
  const integration = await integrationById(run.integrationId);
  if (!integration) return { kind: "fail", message: "The Zoho connection was removed" };
  if (integration.status === "needs_reconnect") {
    return { kind: "fail", message: "Zoho refused the connection: reconnect to Zoho CRM, then sync again" };
  }
  const contacts = await syncRunBatch(run, ZOHO_UPSERT_BATCH);
  // Nothing to hand out (contacts deleted before their turn): recording no results settles them and ends the run.
  if (contacts.length === 0) return { kind: "results", results: [] };
  // Zoho's wait (a 429's Retry-After) may outlast the lease: extend it by the wait first.
  const onWait = async (ms: number) => {
    await renewSyncLease(run, Math.ceil(ms / 1000) + CRM_SYNC_LEASE_SECONDS);
  };
  try {
    return { kind: "results", results: await syncBatch(zohoClientFor(integration, onWait), contacts, run.options) };
  } catch (error) {
    if (error instanceof ZohoCreditsExhausted) {
      return { kind: "pause", resumeAfter: error.resumeAfter, message: "Zoho CRM's daily API credits are spent" };
    }
    if (error instanceof ZohoReconnectNeeded) {
      await markNeedsReconnect(integration.id);
      return { kind: "fail", message: "Zoho refused the connection: reconnect to Zoho CRM, then sync again" };
    }
    if (error instanceof ZohoUnavailable) {
      return {
        kind: "pause",
        resumeAfter: new Date(Date.now() + UNAVAILABLE_PAUSE_MS),
        message: "Zoho CRM could not be reached; the run goes on shortly",
      };
    }
    throw error;
  }
}

async function storeOutcome(run: ClaimedSyncRun, outcome: BatchOutcome): Promise<boolean> {
  switch (outcome.kind) {
    case "results":
      if (!(await recordSyncItems(run, outcome.results))) return false;
      // Contacts still wait: the next claim (this worker's, or another's) takes the next batch now.
      await releaseSyncLease(run);
      return true;
    case "pause":
      return await pauseSyncRun(run, outcome.resumeAfter, outcome.message);
    case "fail":
      return await failSyncRun(run, outcome.message);
  }
}

function crmSyncSteps(): JobSteps<ClaimedSyncRun, BatchOutcome> {
  return {
    claim: () => claimSyncRun(CRM_SYNC_LEASE_SECONDS),
    process: (run) => syncNextBatch(run),
    complete: storeOutcome,
    // Anything else (the database for a moment): the lease runs out and the run is claimed again.
    release: (run, reason) => {
      console.error(`CRM sync run ${run.runId} is given back: ${reason}`);
      return Promise.resolve();
    },
    renewal: {
      everyMs: CRM_SYNC_LEASE_RENEW_EVERY_MS,
      renew: (run) => renewSyncLease(run, CRM_SYNC_LEASE_SECONDS),
    },
    claimableInMs: syncClaimableInMs,
  };
}

function kickSettings(): KickSettings {
  return { supabaseUrl: env().SUPABASE_URL, secret: env().WORKER_SECRET };
}

export interface CrmSyncWorkerSummary extends WorkerSummary {
  kickedSuccessor: boolean;
}

/**
 * Whether a successor is wanted: a run is claimable now, or will be once a lease held now runs out (its holder may
 * die). A run paused until Zoho's credits come back, hours off, is the schedule's to resume: kicking for it would
 * start a chain of workers that each find nothing to do yet.
 */
async function runClaimableSoon(): Promise<boolean> {
  const inMs = await syncClaimableInMs();
  return inMs !== null && inMs <= CRM_SYNC_LEASE_SECONDS * 1000;
}

/** One worker run, from the first claim to the successor's kick. */
export async function runCrmSyncWorker(budget: TimeBudget = timeBudget()): Promise<CrmSyncWorkerSummary> {
  const summary = await runWorkerLoop(crmSyncSteps(), budget);
  const kickedSuccessor = await shouldKickSuccessor(summary, runClaimableSoon) &&
    await kickWorker(CRM_SYNC_WORKER, kickSettings());
  return { ...summary, kickedSuccessor };
}

/** Starts a worker for a run just queued, past the answer to the user; the schedule kicks again if it is lost. */
export function startCrmSyncWorker(): void {
  void kickInBackground(CRM_SYNC_WORKER, kickSettings());
}
