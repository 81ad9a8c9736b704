// Zoho candidates: the caller's own saved contacts, read as the caller through private.crm_sync_candidates (validity
// from the validation cache, the last sync's outcome). The same read gives the inline syncs their contacts.
import type { SignedIn } from "../auth/index.ts";
import { asUser } from "../db/as-user.ts";
import { likePattern } from "../db/like-pattern.ts";
import type { SyncCandidate, SyncCandidatesPage, SyncCandidatesQuery, SyncFilter, SyncOutcome } from "./contract.ts";
import { type SyncContactRow, syncContactFromRow } from "./contact-row.ts";
import type { SyncContactInput } from "./sync-batch.ts";

interface CandidateRow extends SyncContactRow {
  id: string | number;
  deliverability_score: number | null;
  last_outcome: SyncOutcome | null;
  last_zoho_id: string | null;
  last_tagged: boolean | null;
  last_message: string | null;
  last_synced_at: Date | null;
  total: string | number;
}

interface Selection {
  filter: SyncFilter;
  q?: string;
  contactIds?: number[];
  limit?: number;
  offset?: number;
}

async function candidateRows(caller: SignedIn, selection: Selection): Promise<CandidateRow[]> {
  const search = selection.q ? likePattern(selection.q) : null;
  return await asUser(caller.claims, (sql) => sql<CandidateRow[]>`
    select * from private.crm_sync_candidates(
      ${selection.filter}, ${search}, ${selection.contactIds ?? null}::bigint[], ${selection.limit ?? null}::integer,
      ${selection.offset ?? 0}::bigint
    )
  `);
}

function candidateFromRow(row: CandidateRow): SyncCandidate {
  return {
    id: Number(row.id),
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    company: row.company,
    phone_number: row.phone,
    mobile_number: row.mobile,
    is_valid: row.is_valid,
    deliverability_score: row.deliverability_score,
    last_sync: row.last_outcome === null ? null : {
      outcome: row.last_outcome,
      zoho_id: row.last_zoho_id,
      tagged: row.last_tagged ?? false,
      message: row.last_message,
      synced_at: row.last_synced_at!.toISOString(),
    },
  };
}

/** GET …/sync-candidates: one page, in id order, with the number of every match. */
export async function syncCandidates(caller: SignedIn, query: SyncCandidatesQuery): Promise<SyncCandidatesPage> {
  const rows = await candidateRows(caller, {
    filter: query.filter,
    q: query.q,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return {
    contacts: rows.map(candidateFromRow),
    total: rows.length > 0 ? Number(rows[0]!.total) : 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** The caller's contacts to sync, as the sync takes them: the named ids (those that are the caller's), or the filter's. */
export async function contactsToSync(
  caller: SignedIn,
  selection: { contactIds: number[] } | { filter: SyncFilter },
): Promise<SyncContactInput[]> {
  const rows = await candidateRows(
    caller,
    "contactIds" in selection ? { filter: "all", contactIds: selection.contactIds } : { filter: selection.filter },
  );
  return rows.map((row) => syncContactFromRow(row.id, row));
}
