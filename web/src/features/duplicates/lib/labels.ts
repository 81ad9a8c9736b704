// How the duplicates screen names fields, scopes and validity.
import type { DuplicateField, DuplicateRecord, DuplicateScope } from "@contracts/duplicates";

export const FIELD_LABELS: Record<DuplicateField, string> = {
  firstName: "First name",
  lastName: "Last name",
  phoneNumber: "Phone",
  jobTitle: "Job title",
  company: "Company",
  notes: "Notes",
};

export const SCOPE_LABELS: Record<DuplicateScope | "all", string> = {
  all: "All",
  "same-user": "Same user",
  "across-users": "Across users",
};

export type Validity = "valid" | "invalid" | "unknown";

export const VALIDITY_LABELS: Record<Validity, string> = { valid: "Valid", invalid: "Invalid", unknown: "Unknown" };

/** Never validated reads as unknown, not as invalid. */
export function validityOf(record: Pick<DuplicateRecord, "isValid">): Validity {
  return record.isValid === null ? "unknown" : record.isValid ? "valid" : "invalid";
}

export function ownerName(owner: DuplicateRecord["owner"]): string {
  return owner.username ? `${owner.username} (${owner.email})` : owner.email;
}

export function plural(count: number, noun: string): string {
  return `${count.toLocaleString("en-US")} ${noun}${count === 1 ? "" : "s"}`;
}
