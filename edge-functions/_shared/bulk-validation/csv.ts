// The download's CSV, written a batch of rows at a time: RFC 4180 (fields with a comma, quote or line break quoted,
// quotes doubled, CRLF between records), UTF-8 with a byte order mark so spreadsheets pick the encoding, and every
// cell that a spreadsheet would read as a formula (starting with = + - @, a tab or a carriage return, and their
// full-width forms) prefixed with ' as OWASP's CSV injection advice says. csv-stringify does the quoting and the
// prefixing; quoted_match also quotes a lone line feed, which its Windows record delimiter alone would not.
import { stringify } from "csv-stringify/sync";
import { BULK_RESULT_COLUMNS } from "./contract.ts";

export const UTF8_BOM = "\uFEFF";

/** Records as CSV text, each ending in CRLF. */
export function csvRecords(records: string[][]): string {
  return stringify(records, { escape_formulas: true, record_delimiter: "windows", quoted_match: /[\r\n]/ });
}

/** A file without a header and without cells: the columns are the contract's fields, named as the database names them. */
export const FIELD_COLUMNS = ["email", "first_name", "last_name", "phone_number", "mobile_number", "job_title", "company"] as
  const;

/** One stored row and its item's result as the download query reads them: every value already text (or null). */
export type DownloadRow =
  & { cells: string[] | null }
  & Record<(typeof FIELD_COLUMNS)[number], string | null>
  & Record<(typeof BULK_RESULT_COLUMNS)[number], string | null>;

/** The uploaded columns of a download, and whether they are the rows' cells or, for a file with none, their fields. */
export interface UploadedLayout {
  columns: string[];
  fromFields: boolean;
}

/**
 * The uploaded columns: the file's header, widened with column_<n> when some row has more cells than it; without a
 * header, column_1... as wide as the widest row; with no cells at all, the contract's fields.
 */
export function uploadedLayout(header: string[] | null, widestRow: number): UploadedLayout {
  const names = header ?? [];
  const width = Math.max(names.length, widestRow);
  if (width === 0) return { columns: [...FIELD_COLUMNS], fromFields: true };
  return {
    columns: Array.from({ length: width }, (_, index) => names[index] ?? `column_${index + 1}`),
    fromFields: false,
  };
}

/** The download's header: the uploaded columns in their order, then the verdict columns. */
export function downloadHeader(layout: UploadedLayout): string[] {
  return [...layout.columns, ...BULK_RESULT_COLUMNS];
}

/** A row as the download writes it: its uploaded cells (padded to the header), then its verdict columns. */
export function downloadRecord(row: DownloadRow, layout: UploadedLayout): string[] {
  const uploaded = layout.fromFields
    ? FIELD_COLUMNS.map((field) => row[field] ?? "")
    : Array.from({ length: layout.columns.length }, (_, index) => row.cells?.[index] ?? "");
  return [...uploaded, ...BULK_RESULT_COLUMNS.map((column) => row[column] ?? "")];
}
