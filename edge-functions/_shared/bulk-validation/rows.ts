// The uploaded rows as the database keeps them: rows whose email has no "@" are skipped and counted, the rest get
// the key they are validated under, so "Ann@X.com" and " ann@x.com" in one file are validated once and reported on
// both rows.
import type { z } from "zod";
import type { bulkRowSchema } from "./contract.ts";

/** A row as the contract checked it (trimmed, empty optional fields left out). */
export type CheckedBulkRow = z.output<typeof bulkRowSchema>;

/** A kept row, in the shape private.bulk_append_part reads (camelCase, as the contract). */
export interface BulkRowRecord {
  email: string;
  emailKey: string;
  firstName?: string;
  lastName?: string;
  phoneNumber?: string;
  mobileNumber?: string;
  jobTitle?: string;
  company?: string;
  cells?: string[];
}

export interface NormalisedRows {
  rows: BulkRowRecord[];
  /** Rows without "@" in their email. */
  skipped: number;
}

export function normaliseRows(rows: CheckedBulkRow[]): NormalisedRows {
  const kept: BulkRowRecord[] = [];
  for (const row of rows) {
    const email = withoutWrappingQuotes(row.email);
    if (!email.includes("@")) continue;
    kept.push({ ...row, email, emailKey: emailKey(email) });
  }
  return { rows: kept, skipped: rows.length - kept.length };
}

/** The address as validated: trimmed and lower-cased (the engine's verdict does not depend on the case). */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Quotes are stripped. A value wrapped whole in quotes ("ann@x.com" or 'ann@x.com', as some exports write every
 * cell) loses them; a quoted local part such as "ann smith"@x.com is an address of its own and stays as it is.
 */
function withoutWrappingQuotes(email: string): string {
  const match = /^(["'])(.*)\1$/s.exec(email);
  return match ? match[2]!.trim() : email;
}
