// The CRM sync queue's SQL functions (migrations/*_crm_sync_jobs.sql), called on the functions' own connection: API
// roles may not execute them, since a run's items and counters are written only here. The api starts bulk runs and
// records single and inline syncs; the sync worker claims a run under a lease, works it batch by batch, and pauses or
// fails it. The counters are read as the user instead (public.crm_sync_stats, under RLS).
import { database } from "../db/pool.ts";
import { databaseError } from "../db/refusals.ts";
import { type SyncContactRow, syncContactFromRow } from "./contact-row.ts";
import type { SyncContactResult, SyncOptions } from "./contract.ts";
import type { SyncContactInput } from "./sync-rules.ts";

/** How a start went: the run, or why there is none (another unfinished run: the API's 409). */
export type StartedSyncRun =
  | { status: "started"; runId: string }
  | { status: "already_running" }
  | { status: "no_contacts" };

/**
 * Starts a bulk run of the integration owner's contacts among `contactIds` (others are left out) and answers its id.
 * Throws when the integration is gone (disconnected meanwhile).
 */
export async function startSyncRun(
  integrationId: string,
  options: SyncOptions,
  contactIds: number[],
): Promise<StartedSyncRun> {
  try {
    const [row] = await database()<{ run_id: string }[]>`
      select private.start_crm_sync_run(
        ${integrationId}, 'bulk', ${database().json(options)}, ${contactIds}::bigint[]
      ) as run_id
    `;
    return { status: "started", runId: row!.run_id };
  } catch (error) {
    const found = databaseError(error);
    if (found?.code === "23505" && found.constraint_name === "crm_sync_logs_active_key") {
      return { status: "already_running" };
    }
    if (found?.code === "P0002" && found.message === "no_contacts") return { status: "no_contacts" };
    throw error;
  }
}

/**
 * Records a single or inline sync, complete, with its results for the owner's contacts; answers the run's id, or
 * null when no result was for a contact of the owner's (deleted meanwhile).
 */
export async function recordSyncRun(
  integrationId: string,
  syncType: "single" | "inline",
  options: SyncOptions,
  results: SyncContactResult[],
): Promise<string | null> {
  try {
    const [row] = await database()<{ run_id: string }[]>`
      select private.record_crm_sync_run(
        ${integrationId}, ${syncType}, ${database().json(options)}, ${database().json(results as never)}
      ) as run_id
    `;
    return row!.run_id;
  } catch (error) {
    const found = databaseError(error);
    if (found?.code === "P0002" && found.message === "no_contacts") return null;
    throw error;
  }
}

// The worker's queue --------------------------------------------------------------------------------------------------

/** A run leased to this worker; `leaseOwner` is the lease's token, which every later call proves the lease with. */
export interface ClaimedSyncRun {
  runId: string;
  integrationId: string;
  userId: string;
  options: SyncOptions;
  leaseOwner: string;
}

/** Leases the next run: pending, running with an expired lease, or paused past its resume time. */
export async function claimSyncRun(leaseSeconds: number): Promise<ClaimedSyncRun | null> {
  const [row] = await database()<{
    run_id: string;
    integration_id: string;
    user_id: string;
    options: SyncOptions;
    lease_owner: string;
  }[]>`select * from private.claim_crm_sync_run(${leaseSeconds})`;
  if (!row) return null;
  return {
    runId: row.run_id,
    integrationId: row.integration_id,
    userId: row.user_id,
    options: row.options,
    leaseOwner: row.lease_owner,
  };
}

/** A contact of a run that waits for its sync, with its address's latest validation (null: never validated). */
export interface SyncRunContact extends SyncContactInput {
  itemId: number;
}

/** The run's next `maxItems` contacts without an outcome, in order; empty when none can be handed out. */
export async function syncRunBatch(run: ClaimedSyncRun, maxItems: number): Promise<SyncRunContact[]> {
  // item_id and contact_id are bigints, which postgres.js answers as strings.
  const rows = await database()<(SyncContactRow & { item_id: string; contact_id: string })[]>`
    select * from private.crm_sync_run_batch(${run.runId}, ${maxItems})
  `;
  return rows.map((row) => ({ itemId: Number(row.item_id), ...syncContactFromRow(row.contact_id, row) }));
}

export async function recordSyncItems(run: ClaimedSyncRun, results: SyncContactResult[]): Promise<boolean> {
  const [row] = await database()<{ stored: boolean }[]>`
    select private.record_crm_sync_items(
      ${run.runId}, ${run.leaseOwner}, ${database().json(results as never)}
    ) as stored
  `;
  return row!.stored;
}

/** Extends the run's lease to `seconds` from now; false when it was lost (nothing changed). */
export async function renewSyncLease(run: ClaimedSyncRun, seconds: number): Promise<boolean> {
  const [row] = await database()<{ renewed: boolean }[]>`
    select private.renew_crm_sync_lease(${run.runId}, ${run.leaseOwner}, ${seconds}) as renewed
  `;
  return row!.renewed;
}

/** Pauses the run until `resumeAfter` (the CRM's daily credits are spent), saying why; false if the lease was lost. */
export async function pauseSyncRun(run: ClaimedSyncRun, resumeAfter: Date, message: string): Promise<boolean> {
  const [row] = await database()<{ paused: boolean }[]>`
    select private.pause_crm_sync_run(
      ${run.runId}, ${run.leaseOwner}, ${resumeAfter}::timestamptz, ${message}
    ) as paused
  `;
  return row!.paused;
}

/**
 * Ends the run as failed with the user's message, and what else is known for diagnosis; its contacts without an
 * outcome stay so. False when the lease was lost.
 */
export async function failSyncRun(run: ClaimedSyncRun, message: string, details?: unknown): Promise<boolean> {
  const [row] = await database()<{ failed: boolean }[]>`
    select private.fail_crm_sync_run(
      ${run.runId}, ${run.leaseOwner}, ${message}, ${details === undefined ? null : database().json(details as never)}
    ) as failed
  `;
  return row!.failed;
}

/** Whether a worker is wanted: a run waits, its lease ran out, or its pause is over. */
export async function syncWorkWaiting(): Promise<boolean> {
  const [row] = await database()<{ waiting: boolean }[]>`select private.crm_sync_work_waiting() as waiting`;
  return row!.waiting;
}

/** Milliseconds until a run may be claimed (0: now), or null when no run is unfinished. */
export async function syncClaimableInMs(): Promise<number | null> {
  const [row] = await database()<{ ms: number | null }[]>`select private.crm_sync_claimable_in_ms() as ms`;
  return row!.ms;
}
