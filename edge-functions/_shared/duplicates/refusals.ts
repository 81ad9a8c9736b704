// The duplicates screen's reads and writes run as the signed-in admin: RLS lets admins read every contact, the
// definer functions check the caller is one, and the audit log names them. What those functions refuse (migration
// duplicate_contact_actions lists each SQLSTATE and reason) comes back as a DomainError.
import type { AccessTokenClaims } from "../auth/index.ts";
import { refusedInput } from "../contacts/index.ts";
import { asUser, type UserSql } from "../db/as-user.ts";
import { type DatabaseError, withRefusals } from "../db/refusals.ts";
import { DomainError } from "../errors.ts";

const REFUSALS: Record<string, () => DomainError> = {
  "P0403 admins_only": () => new DomainError("admin_only"),
  "P0404 duplicate_record_not_found": () => new DomainError("duplicate_record_not_found"),
  "P0404 merge_not_found": () => new DomainError("merge_not_found"),
  "P0409 no_shared_email_key": () => new DomainError("merge_no_shared_email"),
  "P0409 different_owners": () => new DomainError("merge_different_owners"),
  "P0409 merged_notes_too_long": () => new DomainError("merged_notes_too_long"),
  "P0409 merge_already_undone": () => new DomainError("merge_already_undone"),
  "P0409 merge_undo_expired": () => new DomainError("merge_undo_expired"),
  "P0409 kept_record_changed": () => new DomainError("merge_kept_record_changed"),
  "P0409 merged_contact_saved_again": () => new DomainError("merge_contact_saved_again"),
  // The contract refuses these first; the database says the same should one get through.
  "P0422 merge_ids_invalid": () =>
    new DomainError("invalid_input", { problem: "deleteIds: Choose 1 to 50 other records, each once" }),
  "P0422 fields_invalid": () =>
    new DomainError("invalid_input", {
      problem: "Only firstName, lastName, phoneNumber, jobTitle, company and notes can be edited",
    }),
};

function duplicatesRefusal(found: DatabaseError): DomainError | null {
  const refusal = REFUSALS[`${found.code} ${found.message}`]?.();
  if (refusal) return refusal;
  // A field over its column's limit: the contacts' own words for it.
  const input = found.code === "23514" ? refusedInput(found) : null;
  return input instanceof DomainError ? input : null;
}

export async function asDuplicatesAdmin<T>(claims: AccessTokenClaims, work: (sql: UserSql) => Promise<T>): Promise<T> {
  return await withRefusals(duplicatesRefusal, () => asUser(claims, work));
}
