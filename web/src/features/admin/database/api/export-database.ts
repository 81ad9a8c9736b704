// GET /api/admin/export-database: the whole database as one JSON document (its manifest first), saved as a file.
// The server streams it table by table; here the body goes from the response into a Blob, which the browser keeps
// (on disk when large) and hands to its download, without ever being read into the page as text or parsed: an export
// of any size costs the page no memory of its own. An anchor download rather than a save-file picker, because the
// call needs the bearer token that a plain link can't carry, and every browser can save a Blob.
import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { saveFile } from "@/lib/save-file";

export function databaseExportFileName(now = new Date()): string {
  return `mailscout-database-${now.toISOString().slice(0, 10)}.json`;
}

export async function exportDatabase(): Promise<void> {
  const response = await apiFetch("/api/admin/export-database");
  saveFile(await response.blob(), databaseExportFileName());
}

export function useExportDatabase() {
  return useMutation({ mutationFn: exportDatabase });
}
