// The mapped file as the contract's rows: rows whose email has no "@" are skipped and
// counted, quotes around a value are stripped, optional fields are sent only when non-empty, and each row carries its
// original cells so the download can give back the uploaded columns. Cells are made to fit the contract's limits
// here, so one long cell never costs the whole upload a 400.
import {
  BULK_CELL_MAX_LENGTH,
  BULK_EMAIL_MAX_LENGTH,
  BULK_FIELD_MAX_LENGTH,
  BULK_MAX_COLUMNS,
  type BulkRow,
} from "@contracts/bulk-validation";
import { type ColumnMapping, OPTIONAL_FIELDS } from "./columns";

/** A value without the quotes a spreadsheet or a hand-written list may leave around it. */
export function stripQuotes(value: string): string {
  return value.trim().replace(/^["']+|["']+$/g, "").trim();
}

/** A cell the database can store: no NUL characters (PostgreSQL text refuses them), at most the contract's length. */
export function storableCell(value: string, maxLength = BULK_CELL_MAX_LENGTH): string {
  const clean = value.includes("\u0000") ? value.replaceAll("\u0000", "") : value;
  return clean.length > maxLength ? clean.slice(0, maxLength) : clean;
}

export type BuiltRows = {
  rows: BulkRow[];
  /** Rows left out: their email cell has no "@" (or is too long to be an address). */
  skipped: number;
};

/** `records` are the data rows, the header (if any) already taken off. */
export function buildRows(records: string[][], mapping: ColumnMapping): BuiltRows {
  const rows: BulkRow[] = [];
  let skipped = 0;
  if (mapping.email === null) return { rows, skipped: records.length };
  for (const record of records) {
    const email = storableCell(stripQuotes(record[mapping.email] ?? ""), Number.POSITIVE_INFINITY);
    if (!email.includes("@") || email.length > BULK_EMAIL_MAX_LENGTH) {
      skipped++;
      continue;
    }
    const row: BulkRow = { email };
    for (const field of OPTIONAL_FIELDS) {
      const column = mapping[field];
      if (column === undefined) continue;
      const value = storableCell(stripQuotes(record[column] ?? ""), BULK_FIELD_MAX_LENGTH);
      if (value !== "") row[field] = value;
    }
    row.cells = record.slice(0, BULK_MAX_COLUMNS).map((cell) => storableCell(cell));
    rows.push(row);
  }
  return { rows, skipped };
}
