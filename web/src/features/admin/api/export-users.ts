// GET /api/admin/export-users: every user as CSV (the server streams it and neutralises formula cells), saved as a file.
import { apiFetch } from "@/lib/api";
import { saveFile } from "@/lib/save-file";

export async function exportUsersCsv(): Promise<void> {
  const response = await apiFetch("/api/admin/export-users");
  saveFile(await response.blob(), `users-${new Date().toISOString().slice(0, 10)}.csv`);
}
