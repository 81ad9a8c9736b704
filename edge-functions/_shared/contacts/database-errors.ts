// What the database refuses, told as the field and rule the contract would have named. The contract checks the same
// limits first, so these are the rare cases it cannot see (or a limit that drifted): never a 500.
import { databaseError } from "../db/refusals.ts";
import { DomainError } from "../errors.ts";

/** The check constraints of contact_lists and saved_contacts, as the field and rule they enforce. */
const constraintMessages: Record<string, string> = {
  contact_lists_name_length: "name: List name must be 1 to 100 characters",
  contact_lists_description_length: "description: Description must be at most 1000 characters",
  contact_lists_color_hex: "color: Colour must be a hex colour like #3B82F6",
  contact_lists_default_named_general: "name: The default list is always named General",
  contact_lists_default_not_deleted: "The default list, General, cannot be deleted",
  saved_contacts_email_length: "email: Email must be at most 254 characters",
  saved_contacts_email_form: "email: Please enter a valid email address",
  saved_contacts_position_length: "position: Position must be at most 150 characters",
  saved_contacts_first_name_length: "firstName: First name must be at most 100 characters",
  saved_contacts_last_name_length: "lastName: Last name must be at most 100 characters",
  saved_contacts_company_length: "company: Company must be at most 100 characters",
  saved_contacts_phone_length: "phone: Phone must be at most 50 characters",
  saved_contacts_notes_length: "notes: Notes must be at most 2000 characters",
  saved_contacts_source: "source: Source must be one of validation, discovery, bulk, manual",
  saved_contacts_source_url_length: "sourceUrl: Source URL must be at most 2048 characters",
};

/** A unique violation of one of the given indexes or constraints. */
export function isUniqueViolation(error: unknown, ...names: string[]): boolean {
  const found = databaseError(error);
  return found?.code === "23505" && (names.length === 0 || names.includes(found.constraint_name ?? ""));
}

/** The error as a DomainError when it is the database refusing input, else the error unchanged. */
export function refusedInput(error: unknown): unknown {
  const found = databaseError(error);
  if (!found) return error;
  const constraint = found.constraint_name ?? "";
  switch (found.code) {
    case "23505": // unique_violation: saved_contacts_user_email_key is the only one input can hit
      return constraint === "saved_contacts_user_email_key" ? new DomainError("already_saved") : error;
    case "P0002": // no_data_found: the saved-contacts trigger and delete_contact_list for a list not visible
    case "23503": // foreign_key_violation: a list of someone else's
      return new DomainError("list_not_found");
    case "23514": // check_violation
      return new DomainError("invalid_input", {
        problem: constraintMessages[constraint] ?? fieldRule(constraint, found.message),
      });
    case "23502": // not_null_violation
      return new DomainError("invalid_input", { problem: `${found.column_name ?? "field"}: is required` });
    case "22001": // string_data_right_truncation
    case "22P02": // invalid_text_representation
    case "22023": // invalid_parameter_value
    case "P0001": // raise_exception from a trigger with a message for people
      return new DomainError("invalid_input", { problem: found.message ?? "Invalid input" });
    case "42501": // insufficient_privilege: a protective trigger (owner, default flag, deleting General)
      return new DomainError(/General/.test(found.message ?? "") ? "default_list" : "invalid_input", {
        problem: found.message ?? "Not allowed",
      });
    default:
      return error;
  }
}

/** saved_contacts_first_name_length → "first_name: violates its limit (…)"; the names the migrations use. */
function fieldRule(constraint: string, message: string | undefined): string {
  const field = constraint.replace(/^(saved_contacts|contact_lists)_/, "").replace(/_(length|check|format|hex)$/, "");
  return `${field || "field"}: ${message ?? "violates a field limit"}`;
}
