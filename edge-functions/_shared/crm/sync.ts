// Syncing the caller's contacts: one contact, or a selection of at most CRM_INLINE_SYNC_MAX, is synced while the
// request waits and recorded as a completed run (so the tiles, counted from items, include it); a larger selection
// becomes a background run the crm-sync-worker works through. One run at a time per integration.
import type { SignedIn } from "../auth/index.ts";
import { DomainError } from "../errors.ts";
import { contactsToSync } from "./candidates.ts";
import { usableIntegration } from "./connection.ts";
import {
  CRM_INLINE_SYNC_MAX,
  type SyncContactResult,
  type SyncFilter,
  type SyncOptions,
} from "./contract.ts";
import { hasActiveRun, type Integration, markNeedsReconnect } from "./privileged-connections.ts";
import { recordSyncRun, startSyncRun } from "./privileged-queue.ts";
import { type SyncContactInput, syncBatch } from "./sync-batch.ts";
import { startCrmSyncWorker } from "./worker.ts";
import { zohoClientFor } from "./zoho-session.ts";
import { ZohoCreditsExhausted, ZohoReconnectNeeded, ZohoUnavailable } from "./zoho/errors.ts";

/** Zoho's refusals of a sync in the request, as the api answers them. */
async function zohoRefusal(integration: Integration, error: unknown): Promise<unknown> {
  if (error instanceof ZohoReconnectNeeded) {
    await markNeedsReconnect(integration.id);
    return new DomainError("crm_needs_reconnect");
  }
  if (error instanceof ZohoCreditsExhausted) return new DomainError("crm_credits_exhausted", { resumeAfter: error.resumeAfter });
  if (error instanceof ZohoUnavailable) {
    return new DomainError("provider_unavailable", { provider: "zoho", problem: error.message }, { cause: error });
  }
  return error;
}

async function syncInline(
  integration: Integration,
  syncType: "single" | "inline",
  contacts: SyncContactInput[],
  options: SyncOptions,
) {
  if (await hasActiveRun(integration.id)) throw new DomainError("crm_run_active");
  let results;
  try {
    results = await syncBatch(zohoClientFor(integration), contacts, options);
  } catch (error) {
    throw await zohoRefusal(integration, error);
  }
  await recordSyncRun(integration.id, syncType, options, results);
  return results;
}

/** POST …/sync-contact/{contactId}: another user's contact, or an unknown one, is not found. */
export async function syncOneContact(
  caller: SignedIn,
  contactId: number,
  options: SyncOptions,
): Promise<SyncContactResult> {
  const integration = await usableIntegration(caller);
  const contacts = await contactsToSync(caller, { contactIds: [contactId] });
  if (contacts.length === 0) throw new DomainError("contact_not_found");
  const [result] = await syncInline(integration, "single", contacts, options);
  return result!;
}

export type BulkSyncAnswer =
  | { inline: { created: number; updated: number; skipped: number; failed: number } }
  | { jobId: string };

/**
 * POST …/bulk-sync: named contacts must all be the caller's (else 404: someone else's are never acknowledged); a
 * filter takes whatever matches. An empty selection is refused with the screen's own words.
 */
export async function bulkSync(
  caller: SignedIn,
  request: { contactIds?: number[]; filter?: SyncFilter } & SyncOptions,
): Promise<BulkSyncAnswer> {
  const integration = await usableIntegration(caller);
  const options: SyncOptions = {
    tagInvalidEmails: request.tagInvalidEmails,
    overwriteExisting: request.overwriteExisting,
  };
  const named = request.contactIds ? [...new Set(request.contactIds)] : null;
  const contacts = await contactsToSync(caller, named ? { contactIds: named } : { filter: request.filter ?? "all" });
  if (named && contacts.length !== named.length) throw new DomainError("contact_not_found");
  if (contacts.length === 0) throw new DomainError("invalid_input", { problem: "No contacts selected" });
  if (contacts.length <= CRM_INLINE_SYNC_MAX) {
    const results = await syncInline(integration, "inline", contacts, options);
    const count = (outcome: string) => results.filter((result) => result.outcome === outcome).length;
    return { inline: { created: count("created"), updated: count("updated"), skipped: count("skipped"), failed: count("failed") } };
  }
  const started = await startSyncRun(integration.id, options, contacts.map((contact) => contact.contactId));
  if (started.status === "already_running") throw new DomainError("crm_run_active");
  // The contacts were deleted since they were read.
  if (started.status === "no_contacts") throw new DomainError("contact_not_found");
  startCrmSyncWorker();
  return { jobId: started.runId };
}
