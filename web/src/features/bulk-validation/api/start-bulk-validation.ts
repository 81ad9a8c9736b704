// POST /api/bulk-validation/start-enhanced: the first (or only) part of a file. With final true (the default) the job
// starts at once; with final false it opens the session, and the rest arrives through send-bulk-part.
import {
  type BulkUploadAnswer,
  bulkUploadAnswerSchema,
  type StartBulkValidationRequest,
  startBulkValidationRequestSchema,
} from "@contracts/bulk-validation";
import { apiFetch, readJson } from "@/lib/api";

export async function startBulkValidation(input: StartBulkValidationRequest): Promise<BulkUploadAnswer> {
  const body = startBulkValidationRequestSchema.parse(input);
  return readJson(
    await apiFetch("/api/bulk-validation/start-enhanced", { method: "POST", body }),
    bulkUploadAnswerSchema,
  );
}
