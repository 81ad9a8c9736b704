// What an admin changes on the duplicates screen: edit or delete one record, merge records of one owner's inbox, undo
// a merge. Each is one call of its definer function (migration duplicate_contact_actions), which checks the caller is
// an admin, applies the rules and writes the contact audit log in the same transaction; the answer is read back in
// that transaction too.
import type { AccessTokenClaims } from "../auth/index.ts";
import type { UserSql } from "../db/as-user.ts";
import { DomainError } from "../errors.ts";
import type {
  DuplicateFields,
  DuplicateRecord,
  MergeRequest,
  MergeResult,
  UndoMergeResult,
} from "./contract.ts";
import { readRecord } from "./records.ts";
import { asDuplicatesAdmin } from "./refusals.ts";

/** Sets the given fields of any saved contact; audited. */
export async function updateDuplicateRecord(
  claims: AccessTokenClaims,
  id: number,
  fields: DuplicateFields,
): Promise<DuplicateRecord> {
  return await asDuplicatesAdmin(claims, async (sql) => {
    await sql`select private.update_duplicate_record(${id}, ${sql.json(definedFields(fields))})`;
    return await recordNow(sql, id);
  });
}

/** Deletes any saved contact, keeping the row in the audit log. */
export async function deleteDuplicateRecord(claims: AccessTokenClaims, id: number): Promise<void> {
  await asDuplicatesAdmin(claims, (sql) => sql`select private.delete_duplicate_record(${id})`);
}

export async function mergeDuplicates(claims: AccessTokenClaims, merge: MergeRequest): Promise<MergeResult> {
  return await asDuplicatesAdmin(claims, async (sql) => {
    const fields = merge.fields ? sql.json(definedFields(merge.fields)) : null;
    const [entry] = await sql<{ merge_id: string }[]>`
      select private.merge_saved_contacts(${merge.keepId}, ${merge.deleteIds}::bigint[], ${fields}) as merge_id
    `;
    return {
      mergeId: Number(entry?.merge_id),
      record: await recordNow(sql, merge.keepId),
      removedIds: [...merge.deleteIds].sort((a, b) => a - b),
    };
  });
}

export async function undoMerge(claims: AccessTokenClaims, mergeId: number): Promise<UndoMergeResult> {
  return await asDuplicatesAdmin(claims, async (sql) => {
    const [undone] = await sql<{ restored_ids: string[]; kept_id: string }[]>`
      select private.undo_contact_merge(${mergeId}) as restored_ids,
             (select kept_id from public.contact_audit_log where id = ${mergeId}) as kept_id
    `;
    return {
      record: await recordNow(sql, Number(undone?.kept_id)),
      restoredIds: (undone?.restored_ids ?? []).map(Number),
    };
  });
}

/** The record as the change left it (the function has just written it, so it is there). */
async function recordNow(sql: UserSql, id: number): Promise<DuplicateRecord> {
  const record = await readRecord(sql, id);
  if (!record) throw new DomainError("duplicate_record_not_found");
  return record;
}

/** The fields JSON the database is given: those the request named (null empties one), nothing else. */
function definedFields(fields: DuplicateFields): Record<string, string | null> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}
