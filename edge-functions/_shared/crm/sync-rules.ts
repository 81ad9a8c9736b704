// The sync's rules, as pure functions: which fields a contact sends to Zoho, and whether its tag changes.
//   - A contact Zoho lacks is created with every value we hold; Zoho requires Last_Name, so an address's local part
//     stands in for a missing one.
//   - overwriteExisting false fills only the fields empty in Zoho; true sends every value we hold that differs. Neither
//     ever blanks a field: an empty value of ours is never sent.
//   - Nothing to send is a skip: no write at all.
//   - With tagInvalidEmails, an invalid address gets ZOHO_INVALID_TAG, and one now valid loses it if it has it.
import type { SyncOutcome } from "./contract.ts";
import type { ZohoContact, ZohoContactField, ZohoContactWrite } from "./zoho/client.ts";

/** One saved contact as the sync reads it; isValid null: never validated. */
export interface SyncContactInput {
  contactId: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  phone: string | null;
  mobile: string | null;
  jobTitle: string | null;
  isValid: boolean | null;
}

export interface SyncItemResult {
  contactId: number;
  outcome: SyncOutcome;
  zohoId: string | null;
  /** Whether the record carries ZOHO_INVALID_TAG once the sync is done. */
  tagged: boolean;
  /** Zoho's message on a failure, or why nothing was sent on a skip. */
  message: string | null;
}

/** Our value for each Zoho field. */
const VALUE_OF: Record<ZohoContactField, (contact: SyncContactInput) => string | null> = {
  First_Name: (contact) => contact.firstName,
  Last_Name: (contact) => contact.lastName,
  Phone: (contact) => contact.phone,
  Mobile: (contact) => contact.mobile,
  Title: (contact) => contact.jobTitle,
  Account_Name: (contact) => contact.company,
};

export const SKIPPED_FILL_EMPTY = "Nothing to send: every field we hold is already filled in Zoho";
export const SKIPPED_UNCHANGED = "Nothing to send: Zoho already has these values";

const isBlank = (value: string | null | undefined) => value === null || value === undefined || value.trim() === "";

/** The part of an address before its last @: the Last_Name of a contact created without one. */
export function localPart(email: string): string {
  const at = email.lastIndexOf("@");
  return at > 0 ? email.slice(0, at) : email;
}

/** The values we hold, trimmed, by Zoho field; empty ones are left out. */
export function localValues(contact: SyncContactInput): Partial<Record<ZohoContactField, string>> {
  const values: Partial<Record<ZohoContactField, string>> = {};
  for (const [field, valueOf] of Object.entries(VALUE_OF) as [ZohoContactField, (contact: SyncContactInput) => string | null][]) {
    const value = valueOf(contact);
    if (!isBlank(value)) values[field] = value!.trim();
  }
  return values;
}

export type ContactPlan = { kind: "write"; record: ZohoContactWrite } | { kind: "skip"; message: string };

/** What to send for one contact, given Zoho's record for its address (null: Zoho has none). */
export function planContact(contact: SyncContactInput, existing: ZohoContact | null, overwriteExisting: boolean): ContactPlan {
  const values = localValues(contact);
  if (existing === null) return { kind: "write", record: { Email: contact.email, Last_Name: localPart(contact.email), ...values } };
  const changes: Partial<Record<ZohoContactField, string>> = {};
  for (const [field, value] of Object.entries(values) as [ZohoContactField, string][]) {
    const theirs = existing.fields[field];
    if (overwriteExisting ? theirs?.trim() !== value : isBlank(theirs)) changes[field] = value;
  }
  if (Object.keys(changes).length === 0) return { kind: "skip", message: overwriteExisting ? SKIPPED_UNCHANGED : SKIPPED_FILL_EMPTY };
  // Zoho's own spelling of the address, so the duplicate check finds the record and its Email stays as it is.
  return { kind: "write", record: { Email: existing.email || contact.email, ...changes } };
}

export type TagChange = "add" | "remove" | null;

/** Whether a record's tag changes: only with tagInvalidEmails, and only for a validated address. */
export function tagChange(isValid: boolean | null, tagged: boolean, tagInvalidEmails: boolean): TagChange {
  if (!tagInvalidEmails || isValid === null) return null;
  if (isValid === false) return tagged ? null : "add";
  return tagged ? "remove" : null;
}
