// POST /api/bulk-validation/sessions/{id}/parts: part 1, 2, ... of a file whose session start-enhanced opened; the
// last says final and starts the job. The same part sent again adds nothing, so a part whose answer was lost is safe
// to send again.
import {
  type BulkPartRequest,
  bulkPartRequestSchema,
  type BulkUploadAnswer,
  bulkUploadAnswerSchema,
} from "@contracts/bulk-validation";
import { apiFetch, readJson } from "@/lib/api";

export async function sendBulkPart(sessionId: string, input: BulkPartRequest): Promise<BulkUploadAnswer> {
  const body = bulkPartRequestSchema.parse(input);
  return readJson(
    await apiFetch(`/api/bulk-validation/sessions/${encodeURIComponent(sessionId)}/parts`, { method: "POST", body }),
    bulkUploadAnswerSchema,
  );
}
