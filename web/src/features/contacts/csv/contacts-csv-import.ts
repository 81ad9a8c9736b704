// Reading a contacts CSV for the import: papaparse handles quotes, a BOM, CRLF and a comma or
// semicolon delimiter; the columns are found by substrings of their headers; rows whose email has no @ are skipped.
// Pure, so the rules are tested without a browser; the upload dialog sends what this returns.
import type { ImportRow } from "@contracts/contacts";
import Papa from "papaparse";
import { restoreCell } from "./formula-cells";

export const NOT_CSV_MESSAGE = "Please upload a CSV file";
export const TOO_FEW_ROWS_MESSAGE = "File must contain a header row and at least one data row";
export const NO_EMAIL_COLUMN_MESSAGE = "File must contain an email column";

type ImportField = keyof ImportRow;

/** In this order: a header is the first field it matches, and a field takes the first header that matches it. */
const headerRules: [ImportField, (header: string) => boolean][] = [
  ["email", (h) => h.includes("email")],
  ["firstName", (h) => h.includes("first") && h.includes("name")],
  ["lastName", (h) => h.includes("last") && h.includes("name")],
  ["company", (h) => h.includes("company") || h.includes("organization")],
  ["position", (h) => h.includes("position") || h.includes("title") || h.includes("job")],
  ["phone", (h) => h.includes("phone") || h.includes("mobile")],
  ["notes", (h) => h.includes("notes")],
];

/** The whole file is read in the browser: 50 MB (the spec's upload limit) is about 500,000 contacts. */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
export const TOO_LARGE_MESSAGE = "File is too large: the limit is 50 MB";

/** A file counts as CSV by its type or by its .csv extension. */
export function isCsvFile(file: { type: string; name: string }): boolean {
  return file.type === "text/csv" || file.name.toLowerCase().endsWith(".csv");
}

/** Why a chosen file can't be imported, before reading it; null when it can. */
export function fileProblem(file: { type: string; name: string; size: number }): string | null {
  if (!isCsvFile(file)) return NOT_CSV_MESSAGE;
  if (file.size > IMPORT_MAX_BYTES) return TOO_LARGE_MESSAGE;
  return null;
}

/** Which column (0-based) holds each field, from the header row. */
export function detectColumns(headers: string[]): Partial<Record<ImportField, number>> {
  const columns: Partial<Record<ImportField, number>> = {};
  headers.forEach((raw, index) => {
    const header = raw.trim().toLowerCase();
    const rule = headerRules.find(([field, matches]) => columns[field] === undefined && matches(header));
    if (rule) columns[rule[0]] = index;
  });
  return columns;
}

export type ParsedContactsCsv =
  /** rowNumbers[i] is rows[i]'s 1-based data row in the file (the header and blank lines not counted). */
  | { ok: true; rows: ImportRow[]; rowNumbers: number[]; skipped: number }
  | { ok: false; message: string };

export function parseContactsCsv(text: string): ParsedContactsCsv {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { header: false, skipEmptyLines: "greedy" });
  const [headers, ...records] = parsed.data;
  if (!headers || records.length === 0) return { ok: false, message: TOO_FEW_ROWS_MESSAGE };
  const columns = detectColumns(headers);
  if (columns.email === undefined) return { ok: false, message: NO_EMAIL_COLUMN_MESSAGE };

  const rows: ImportRow[] = [];
  const rowNumbers: number[] = [];
  let skipped = 0;
  records.forEach((record, index) => {
    const cell = (field: ImportField): string | null => {
      const index = columns[field];
      const value = index === undefined ? "" : restoreCell((record[index] ?? "").trim());
      return value === "" ? null : value;
    };
    const email = cell("email");
    if (!email?.includes("@")) {
      skipped++;
      return;
    }
    rows.push({
      email,
      firstName: cell("firstName"),
      lastName: cell("lastName"),
      company: cell("company"),
      position: cell("position"),
      phone: cell("phone"),
      notes: cell("notes"),
    });
    rowNumbers.push(index + 1);
  });
  return { ok: true, rows, rowNumbers, skipped };
}

/** The rows in consecutive batches of at most size rows (one request each). */
export function batchesOf<T>(rows: T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < rows.length; start += size) batches.push(rows.slice(start, start + size));
  return batches;
}
