// The bulk validation contract shared by the api function (Deno) and the SPA (Vite): starting a job with the spec's
// emailsWithData rows, sending a large file in parts, the session list, the progress events broadcast on the
// session's Realtime topic, and the downloaded CSV's verdict columns.
//
// A file of up to BULK_PART_MAX_ROWS rows is one call: POST /api/bulk-validation/start-enhanced starts the job at once.
// A larger file is sent in parts: start-enhanced with `final: false` opens the session and carries part 0, then
// POST /api/bulk-validation/sessions/{id}/parts carries parts 1, 2, ... in order, the last with `final: true`, which
// commits the upload and starts the job. A part sent twice (a retry after a lost answer) is answered again and adds
// nothing, so an upload is never doubled.
import { z } from "zod";
import { text } from "../contracts/text.ts";

/** The most rows one session may hold (the login page's "up to 100,000 emails"). */
export const BULK_MAX_ROWS = 100_000;
/** Rows per call: the spec's single call, and each part of a larger file. */
export const BULK_PART_MAX_ROWS = 5_000;
/** Part numbers go no higher: far beyond the parts any file of 50 MB needs, and within PostgreSQL's integer. */
export const BULK_MAX_PARTS = 1_000_000;
/** The upload text's "maximum file size 50MB": the sum of the parts' bodies. */
export const BULK_FILE_MAX_BYTES = 50 * 1024 * 1024;
/** Jobs one user may have waiting or running at once; one more start is a 429. */
export const BULK_RUNNING_JOBS_MAX = 3;
/** Results are downloadable this long after completion; then the session and its rows are deleted. */
export const BULK_RETENTION_DAYS = 30;
/** The most columns an uploaded file may have, and the longest cell and header kept. */
export const BULK_MAX_COLUMNS = 100;
export const BULK_CELL_MAX_LENGTH = 1_000;
export const BULK_EMAIL_MAX_LENGTH = 320;
export const BULK_FIELD_MAX_LENGTH = 200;
export const BULK_NAME_MAX_LENGTH = 200;
export const BULK_FILE_NAME_MAX_LENGTH = 255;

export const BULK_SESSION_STATUSES = ["queued", "running", "completed", "failed", "cancelled"] as const;
export const bulkSessionStatusSchema = z.enum(BULK_SESSION_STATUSES);
export type BulkSessionStatus = z.infer<typeof bulkSessionStatusSchema>;

/** The Realtime topic a session's progress is broadcast on (private: its owner and admins may join). */
export function bulkValidationTopic(sessionId: string): string {
  return `bulk-validation:${sessionId}`;
}
/** The broadcast event name of a progress message. */
export const BULK_PROGRESS_EVENT = "progress";

function optionalField(label: string) {
  return text({ error: `${label} must be text` })
    .trim()
    .max(BULK_FIELD_MAX_LENGTH, `${label} must be at most ${BULK_FIELD_MAX_LENGTH} characters`)
    .transform((value) => (value === "" ? undefined : value))
    .optional();
}

/**
 * The spec's enhanced-validation row. `email` is whatever the file's email column held: rows without "@" are
 * skipped and counted, not refused. `cells` are the row's original cells in the file's column order, so the download
 * can give back the uploaded columns.
 */
export const bulkRowSchema = z.object({
  email: text({ error: "email must be text" })
    .trim()
    .max(BULK_EMAIL_MAX_LENGTH, `email must be at most ${BULK_EMAIL_MAX_LENGTH} characters`),
  firstName: optionalField("firstName"),
  lastName: optionalField("lastName"),
  phoneNumber: optionalField("phoneNumber"),
  mobileNumber: optionalField("mobileNumber"),
  jobTitle: optionalField("jobTitle"),
  company: optionalField("company"),
  cells: z
    .array(
      text({ error: "cells must be text" }).max(
        BULK_CELL_MAX_LENGTH,
        `each cell must be at most ${BULK_CELL_MAX_LENGTH} characters`,
      ),
      { error: "cells must be a list of text" },
    )
    .max(BULK_MAX_COLUMNS, `a row may have at most ${BULK_MAX_COLUMNS} cells`)
    .optional(),
});
export type BulkRow = z.input<typeof bulkRowSchema>;

const rowsSchema = z
  .array(bulkRowSchema, { error: "emailsWithData must be a list of rows" })
  .max(BULK_PART_MAX_ROWS, `emailsWithData may hold at most ${BULK_PART_MAX_ROWS} rows per call`);

/** POST /api/bulk-validation/start-enhanced */
export const startBulkValidationRequestSchema = z.object({
  emailsWithData: rowsSchema,
  sessionName: text({ error: "sessionName must be text" })
    .trim()
    .min(1, "Session name is required")
    .max(BULK_NAME_MAX_LENGTH, `Session name must be at most ${BULK_NAME_MAX_LENGTH} characters`),
  fileName: text({ error: "fileName must be text" })
    .trim()
    .min(1, "File name is required")
    .max(BULK_FILE_NAME_MAX_LENGTH, `File name must be at most ${BULK_FILE_NAME_MAX_LENGTH} characters`),
  /** The file's header, in order; absent for a file without one (the download then names its own columns). */
  columns: z
    .array(text({ error: "columns must be text" }).max(BULK_CELL_MAX_LENGTH), { error: "columns must be a list" })
    .max(BULK_MAX_COLUMNS, `a file may have at most ${BULK_MAX_COLUMNS} columns`)
    .optional(),
  /** The rows the whole file will send, when known: a file over BULK_MAX_ROWS is refused (413) before any part. */
  totalRows: z.number().int().min(0).optional(),
  /** false: more parts follow (POST .../sessions/{id}/parts); the job starts when the last part says final. */
  final: z.boolean().default(true),
});
export type StartBulkValidationRequest = z.input<typeof startBulkValidationRequestSchema>;

/** POST /api/bulk-validation/sessions/{id}/parts */
export const bulkPartRequestSchema = z.object({
  /** 1 for the first part after start-enhanced's, then 2, 3, ... */
  part: z.number({ error: "part must be a number" }).int().min(1, "part must be 1 or more")
    .max(BULK_MAX_PARTS, `part must be at most ${BULK_MAX_PARTS}`),
  emailsWithData: rowsSchema,
  final: z.boolean().default(false),
});
export type BulkPartRequest = z.input<typeof bulkPartRequestSchema>;

/** The answer to start-enhanced and to each part. jobId is the session's id (the spec reads jobId). */
export const bulkUploadAnswerSchema = z.object({
  jobId: z.string(),
  sessionId: z.string(),
  /** The part this answer is for (0 for start-enhanced's). */
  part: z.number().int(),
  /** Rows of this call kept, and skipped for having no "@". */
  acceptedRows: z.number().int(),
  skippedRows: z.number().int(),
  /** Rows the session holds so far. */
  totalEmails: z.number().int(),
  /** true once the last part arrived and the job is queued. */
  uploadComplete: z.boolean(),
  status: bulkSessionStatusSchema,
});
export type BulkUploadAnswer = z.infer<typeof bulkUploadAnswerSchema>;

/** The counters a progress event carries, also part of every session in the list. */
export const bulkProgressSchema = z.object({
  totalEmails: z.number().int(),
  processedEmails: z.number().int(),
  validCount: z.number().int(),
  invalidCount: z.number().int(),
  /** risky or unknown */
  warningCount: z.number().int(),
  /**
   * Processed rows whose address still waits for its mailbox check (counted meanwhile with its DNS verdict, which the
   * check may move): while it is above 0 the job is running though every row is processed ("Checking mailboxes…").
   */
  mailboxPendingEmails: z.number().int(),
  status: bulkSessionStatusSchema,
});
export type BulkProgress = z.infer<typeof bulkProgressSchema>;

/** GET /api/bulk-validation/sessions: one element, newest first. */
export const bulkSessionSchema = bulkProgressSchema.extend({
  id: z.string(),
  name: z.string(),
  fileName: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  uploadComplete: z.boolean(),
  /** Rows of the file without "@": counted, never validated, and not in the download. */
  skippedRows: z.number().int(),
  startedAt: z.iso.datetime({ offset: true }).nullable(),
  completedAt: z.iso.datetime({ offset: true }).nullable(),
  /** When the session and its results are deleted (30 days after completion); null until then. */
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
  /** Why a failed job failed, for the person who ran it. */
  error: z.string().nullable(),
  /** The name of the API key whose validate-bulk call started the job; null for a file uploaded on the bulk page. */
  apiKeyName: z.string().nullable(),
});
export type BulkSession = z.infer<typeof bulkSessionSchema>;
export const bulkSessionListSchema = z.array(bulkSessionSchema);

/** The verdict columns the download adds after the uploaded ones, in this order. */
export const BULK_RESULT_COLUMNS = [
  "valid",
  "verdict",
  "reasons",
  "mx",
  "disposable",
  "role",
  "free",
  "suggestion",
  "risk_score",
  "deliverability_score",
  // The mailbox check, named as platform.md's email_validations names it: `mailbox` is the outcome (exists,
  // not_found, full, catch_all, blocked, unavailable, greylisted, unverifiable) or not_checked:<why>; the others are
  // empty when the mailbox was not checked.
  "mailbox",
  "smtp_connectable",
  "smtp_deliverable",
  "catch_all",
  "catch_all_confidence",
] as const;

const utf8 = new TextEncoder();

/**
 * What rows weigh towards the file's 50 MB: their cells as a CSV line holds them (UTF-8, a separator between cells,
 * a line end), or for a row sent without cells its email and fields. So the limit is the size of the file a person
 * chose, not of the larger JSON that carries it; the SPA and the api measure alike.
 */
export function fileBytesOf(rows: readonly BulkRow[]): number {
  let bytes = 0;
  for (const row of rows) {
    const cells = row.cells ?? [row.email, row.firstName, row.lastName, row.phoneNumber, row.mobileNumber, row.jobTitle,
      row.company].filter((value): value is string => value !== undefined);
    for (const cell of cells) bytes += utf8.encode(cell).byteLength + 1;
  }
  return bytes;
}

/** The name a download is saved under. */
export function downloadFileName(fileName: string): string {
  return `validated_${fileName}`;
}
