// GET /api/bulk-validation/sessions/{id}/download: the validated CSV, saved as validated_{fileName}.
import { type BulkSession, downloadFileName } from "@contracts/bulk-validation";
import { apiFetch } from "@/lib/api";
import { saveFile } from "@/lib/save-file";

export async function downloadBulkResults(session: Pick<BulkSession, "id" | "fileName">): Promise<void> {
  const response = await apiFetch(`/api/bulk-validation/sessions/${encodeURIComponent(session.id)}/download`);
  saveFile(await response.blob(), downloadFileName(session.fileName));
}
