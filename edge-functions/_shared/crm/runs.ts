// A user's sync runs and their counters, read as the user (RLS: owners read their own; every query also names the
// user, since an admin's rights reach everyone's runs and the admin's screen is about their own), and a run's report
// as CSV, streamed through a cursor.
import type { SignedIn } from "../auth/index.ts";
import { csvRecords, UTF8_BOM } from "../bulk-validation/index.ts";
import { asUser, streamAsUser } from "../db/as-user.ts";
import { DomainError } from "../errors.ts";
import { SYNC_REPORT_COLUMNS, type SyncRun, type SyncRunStatus, type SyncStats } from "./contract.ts";

interface RunRow {
  id: string;
  status: SyncRunStatus;
  total: number;
  records_processed: number;
  created: number;
  updated: number;
  skipped: number;
  records_failed: number;
  options: { tagInvalidEmails?: boolean; overwriteExisting?: boolean } | null;
  message: string | null;
  started_at: Date | null;
  completed_at: Date | null;
  created_at: Date;
}

const runColumns = [
  "id",
  "status",
  "total",
  "records_processed",
  "created",
  "updated",
  "skipped",
  "records_failed",
  "options",
  "message",
  "started_at",
  "completed_at",
  "created_at",
] as const satisfies readonly (keyof RunRow)[];

export function runFromRow(row: RunRow): SyncRun {
  return {
    jobId: row.id,
    status: row.status,
    total: row.total,
    processed: row.records_processed,
    created: row.created,
    updated: row.updated,
    skipped: row.skipped,
    failed: row.records_failed,
    options: {
      tagInvalidEmails: row.options?.tagInvalidEmails ?? false,
      overwriteExisting: row.options?.overwriteExisting ?? false,
    },
    message: row.message,
    startedAt: row.started_at?.toISOString() ?? null,
    completedAt: row.completed_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

/** GET …/sync-runs?limit=: the caller's latest runs, newest first. */
export async function latestSyncRuns(caller: SignedIn, limit: number): Promise<SyncRun[]> {
  const rows = await asUser(caller.claims, (sql) => sql<RunRow[]>`
    select ${sql(runColumns)} from public.crm_sync_logs
    where user_id = ${caller.userId}
    order by created_at desc, id
    limit ${limit}
  `);
  return rows.map(runFromRow);
}

async function ownRun(caller: SignedIn, jobId: string): Promise<RunRow> {
  const [row] = await asUser(caller.claims, (sql) => sql<RunRow[]>`
    select ${sql(runColumns)} from public.crm_sync_logs where id = ${jobId} and user_id = ${caller.userId}
  `);
  if (!row) throw new DomainError("crm_run_not_found");
  return row;
}

/** GET …/sync-runs/{jobId}: another user's run is not found, like an unknown one. */
export async function syncRun(caller: SignedIn, jobId: string): Promise<SyncRun> {
  return runFromRow(await ownRun(caller, jobId));
}

/** Items read from the cursor at a time. */
const REPORT_ROWS_PER_BATCH = 1_000;

/** GET …/sync-runs/{jobId}/report.csv: one row per contact of the run (SYNC_REPORT_COLUMNS), in item order. */
export async function syncRunReport(
  caller: SignedIn,
  jobId: string,
): Promise<{ fileName: string; body: ReadableStream<Uint8Array> }> {
  await ownRun(caller, jobId);
  const body = streamAsUser(caller.claims, async function* (sql) {
    yield UTF8_BOM + csvRecords([[...SYNC_REPORT_COLUMNS]]);
    const batches = sql<{ email: string; outcome: string | null; zoho_id: string | null; tagged: boolean; message: string | null; processed_at: Date | null }[]>`
      select email, outcome, zoho_id, tagged, message, processed_at
      from public.crm_sync_items where sync_log_id = ${jobId}
      order by id
    `.cursor(REPORT_ROWS_PER_BATCH);
    for await (const rows of batches) {
      yield csvRecords(rows.map((row) => [
        row.email,
        row.outcome ?? "pending",
        row.zoho_id ?? "",
        String(row.tagged),
        row.message ?? "",
        row.processed_at?.toISOString() ?? "",
      ]));
    }
  });
  return { fileName: `zoho-sync-${jobId}.csv`, body };
}

/**
 * GET …/sync-stats, counted from sync items by public.crm_sync_stats: the caller's own, or with `platform` (the
 * admin's screen) every item the caller may read, which for an admin is everyone's.
 */
export async function syncStats(caller: SignedIn, { platform }: { platform: boolean }): Promise<SyncStats> {
  const [row] = await asUser(caller.claims, (sql) => sql<SyncStats[]>`
    select * from public.crm_sync_stats(${platform ? null : caller.userId})
  `);
  return row!;
}
