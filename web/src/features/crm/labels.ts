// How the sync screens word outcomes, run states and times.
import type { SyncFilter, SyncOutcome, SyncRunStatus } from "@contracts/crm";

export const FILTER_LABELS: Record<SyncFilter, string> = { all: "All Contacts", valid: "Valid Only", invalid: "Invalid Only" };

export const OUTCOME_LABELS: Record<SyncOutcome, string> = {
  created: "Created",
  updated: "Updated",
  skipped: "Skipped",
  failed: "Failed",
};

export const RUN_STATUS_LABELS: Record<SyncRunStatus, string> = {
  pending: "Waiting",
  running: "Syncing",
  completed: "Completed",
  failed: "Failed",
  paused: "Paused",
};

const whenFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

export function formatWhen(iso: string): string {
  return whenFormat.format(new Date(iso));
}

/** "2 created, 1 updated, 0 skipped, 1 failed": a sync's counts as one sentence. */
export function countsSentence(counts: { created: number; updated: number; skipped: number; failed: number }): string {
  return `${counts.created} created, ${counts.updated} updated, ${counts.skipped} skipped, ${counts.failed} failed`;
}
