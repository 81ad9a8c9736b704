// Which row is the header and which columns hold what. The email column is guessed from a header containing
// "email", "e-mail" or "mail"; failing that (or without a header), from the column whose cells most often hold an "@".
// The optional fields are guessed from their headers the same way, and the person can change every guess.
import type { BulkRow } from "@contracts/bulk-validation";

export const OPTIONAL_FIELDS = ["firstName", "lastName", "phoneNumber", "mobileNumber", "jobTitle", "company"] as const;
export type OptionalField = (typeof OPTIONAL_FIELDS)[number] & keyof BulkRow;

export const FIELD_LABELS: Record<OptionalField, string> = {
  firstName: "First name",
  lastName: "Last name",
  phoneNumber: "Phone",
  mobileNumber: "Mobile",
  jobTitle: "Job title",
  company: "Company",
};

/** Column indexes (0-based); email null until one is chosen. */
export type ColumnMapping = { email: number | null } & Partial<Record<OptionalField, number>>;

/** Header words, lower-cased with spaces, dashes and underscores dropped ("First_Name" → "firstname"). */
function normalise(header: string): string {
  return header.toLowerCase().replace(/[\s_\-.]+/g, "");
}

/**
 * In this order, so "Mobile Phone" is the mobile and "Last name" never the first name: a header takes the first field
 * whose rule it matches, and a field the first header that matches it.
 */
const FIELD_RULES: [OptionalField, (header: string) => boolean][] = [
  ["firstName", (h) => ["firstname", "first", "givenname", "forename", "fname"].includes(h)],
  ["lastName", (h) => ["lastname", "last", "surname", "familyname", "lname"].includes(h)],
  ["mobileNumber", (h) => h.includes("mobile") || h.includes("cell")],
  ["phoneNumber", (h) => h.includes("phone") || h === "tel" || h.includes("telephone")],
  ["jobTitle", (h) => h.includes("title") || h.includes("position") || h.includes("job") || h === "role"],
  ["company", (h) => h.includes("company") || h.includes("organi") || h === "employer" || h === "business"],
];

/** The column whose header names an email: "email" or "e-mail" first, then any header with "mail". */
export function emailColumnByHeader(header: string[]): number | null {
  const lower = header.map((cell) => cell.toLowerCase());
  const exact = lower.findIndex((cell) => cell.includes("email") || cell.includes("e-mail"));
  if (exact >= 0) return exact;
  const loose = lower.findIndex((cell) => cell.includes("mail"));
  return loose >= 0 ? loose : null;
}

/** The column with the most cells holding an "@" among `rows`; null when no cell has one. */
export function emailColumnByContent(rows: string[][]): number | null {
  const counts: number[] = [];
  for (const row of rows) {
    row.forEach((cell, index) => {
      if (cell.includes("@")) counts[index] = (counts[index] ?? 0) + 1;
    });
  }
  let best: number | null = null;
  counts.forEach((count, index) => {
    if (best === null || count > (counts[best] ?? 0)) best = index;
  });
  return best;
}

const LETTER = /\p{L}/u;

/**
 * Whether the first row names the columns rather than holding data: no "@" in the column the rows below keep their
 * addresses in (nor anywhere, when no column has them), and every non-empty cell is text with a letter, not a number
 * or a date.
 */
export function looksLikeHeader(firstRow: string[], rowsBelow: string[][]): boolean {
  const emailColumn = emailColumnByContent(rowsBelow);
  const cells = emailColumn === null ? firstRow : [firstRow[emailColumn] ?? ""];
  if (cells.some((cell) => cell.includes("@"))) return false;
  const filled = firstRow.map((cell) => cell.trim()).filter((cell) => cell !== "");
  return filled.length > 0 && filled.every((cell) => LETTER.test(cell) && !cell.includes("@"));
}

/** How many rows below the first are looked at to guess; enough to see a pattern, few enough to stay instant. */
export const SAMPLE_ROWS = 50;

/** The guessed mapping of a file's columns, from its header when it has one and from its first rows. */
export function guessMapping(header: string[] | null, sample: string[][]): ColumnMapping {
  const mapping: ColumnMapping = {
    email: (header && emailColumnByHeader(header)) ?? emailColumnByContent(sample),
  };
  if (!header) return mapping;
  header.forEach((raw, index) => {
    if (index === mapping.email) return;
    const name = normalise(raw);
    const rule = FIELD_RULES.find(([field, matches]) => mapping[field] === undefined && matches(name));
    if (rule) mapping[rule[0]] = index;
  });
  return mapping;
}
