// A file's rows arriving: the first call opens the session (start-enhanced), further parts join it, and the part
// marked final commits the upload and starts the job. Knows nothing of HTTP; the SQL functions decide the limits
// that depend on what is stored (running jobs, totals, part order), and their refusals become DomainErrors.
import type { z } from "zod";
import type { AccessTokenClaims } from "../auth/index.ts";
import { DomainError } from "../errors.ts";
import {
  BULK_MAX_ROWS,
  BULK_RUNNING_JOBS_MAX,
  type BulkUploadAnswer,
  bulkUploadAnswerSchema,
  fileBytesOf,
  type bulkPartRequestSchema,
  type startBulkValidationRequestSchema,
} from "./contract.ts";
import { refusedUpload } from "./database-errors.ts";
import { withRefusals } from "../db/refusals.ts";
import { appendPart, openSessionWithPart, type PartInput } from "./privileged.ts";
import { normaliseRows } from "./rows.ts";
import { startBulkWorkers } from "./worker.ts";

export type StartBulkValidation = z.output<typeof startBulkValidationRequestSchema>;
export type BulkPart = z.output<typeof bulkPartRequestSchema>;

/** POST /api/bulk-validation/start-enhanced: opens a session with part 0. */
export async function startBulkValidation(
  claims: AccessTokenClaims,
  request: StartBulkValidation,
): Promise<BulkUploadAnswer> {
  // A file announced as too large is refused before a single row is stored.
  if (request.totalRows !== undefined && request.totalRows > BULK_MAX_ROWS) throw new DomainError("bulk_too_large");
  const part = partOf(0, request.emailsWithData, request.final);
  const answer = await withRefusals(refusedUpload, () =>
    openSessionWithPart({
      userId: claims.sub,
      name: request.sessionName,
      fileName: request.fileName,
      columns: request.columns ?? null,
      maxActive: BULK_RUNNING_JOBS_MAX,
    }, part)
  );
  return uploaded(answer);
}

/** POST /api/bulk-validation/sessions/{id}/parts */
export async function appendBulkPart(
  claims: AccessTokenClaims,
  sessionId: string,
  request: BulkPart,
): Promise<BulkUploadAnswer> {
  const part = partOf(request.part, request.emailsWithData, request.final);
  const answer = await withRefusals(refusedUpload, () => appendPart(claims.sub, sessionId, part));
  return uploaded(answer);
}

function partOf(part: number, rows: StartBulkValidation["emailsWithData"], final: boolean): PartInput {
  const normalised = normaliseRows(rows);
  // A one-call file with nothing to validate is refused here; a multi-part one, by the final part's commit.
  if (part === 0 && final && normalised.rows.length === 0) throw new DomainError("bulk_no_rows");
  // Skipped rows were in the file too: they count towards its size.
  return { part, rows: normalised.rows, skipped: normalised.skipped, bytes: fileBytesOf(rows), final };
}

/**
 * The SQL function's answer with the spec's jobId. A completed upload starts its workers (again, for a retried final
 * part: a worker with nothing to do returns at once).
 */
function uploaded(answer: unknown): BulkUploadAnswer {
  const stored = answer as { sessionId?: unknown };
  const parsed = bulkUploadAnswerSchema.parse({ ...stored, jobId: stored.sessionId });
  if (parsed.uploadComplete) startBulkWorkers();
  return parsed;
}
