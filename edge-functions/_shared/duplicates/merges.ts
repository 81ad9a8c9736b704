// The contact audit log as the Recent merges tab lists it: newest first, 50 a page, each entry with the admins who
// acted and until when Undo is offered.
import { z } from "zod";
import type { AccessTokenClaims } from "../auth/index.ts";
import { type MergeEntry, MERGE_UNDO_DAYS, type MergesPage } from "./contract.ts";
import { bigintId } from "./records.ts";
import { asDuplicatesAdmin } from "./refusals.ts";

export const MERGES_PAGE_SIZE = 50;

const entryRowSchema = z.object({
  id: bigintId,
  action: z.enum(["merge", "edit", "delete"]),
  email_key: z.string(),
  created_at: z.date(),
  kept_id: bigintId.nullable(),
  removed_ids: z.array(bigintId),
  undone_at: z.date().nullable(),
  undoable_until: z.date().nullable(),
  actor_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  actor_username: z.string().nullable(),
  undone_by: z.string().nullable(),
  undoer_email: z.string().nullable(),
  undoer_username: z.string().nullable(),
});

export async function listMerges(claims: AccessTokenClaims, before: number | undefined): Promise<MergesPage> {
  const rows = await asDuplicatesAdmin(claims, (sql) => sql`
    select a.id, a.action, a.email_key, a.created_at, a.kept_id, a.removed_ids, a.undone_at,
           case when a.action = 'merge' and a.undone_at is null and a.removed_rows is not null
                 and a.created_at + make_interval(days => ${MERGE_UNDO_DAYS}) > now()
                then a.created_at + make_interval(days => ${MERGE_UNDO_DAYS}) end as undoable_until,
           a.actor_id, actor.email as actor_email, actor.username as actor_username,
           a.undone_by, undoer.email as undoer_email, undoer.username as undoer_username
      from public.contact_audit_log as a
      left join public.profiles as actor on actor.id = a.actor_id
      left join public.profiles as undoer on undoer.id = a.undone_by
     ${before === undefined ? sql`` : sql`where a.id < ${before}`}
     order by a.id desc
     limit ${MERGES_PAGE_SIZE + 1}
  `);
  const entries = rows.slice(0, MERGES_PAGE_SIZE).map((row) => entryFromRow(entryRowSchema.parse(row)));
  return {
    merges: entries,
    nextBefore: rows.length > MERGES_PAGE_SIZE ? entries[entries.length - 1]?.id ?? null : null,
  };
}

function entryFromRow(row: z.infer<typeof entryRowSchema>): MergeEntry {
  return {
    id: row.id,
    action: row.action,
    email: row.email_key,
    actor: row.actor_id ? { id: row.actor_id, email: row.actor_email ?? "", username: row.actor_username } : null,
    createdAt: row.created_at.toISOString(),
    keptId: row.kept_id,
    removedIds: row.removed_ids,
    undoneAt: row.undone_at?.toISOString() ?? null,
    undoneBy: row.undone_by
      ? { id: row.undone_by, email: row.undoer_email ?? "", username: row.undoer_username }
      : null,
    undoableUntil: row.undoable_until?.toISOString() ?? null,
  };
}
