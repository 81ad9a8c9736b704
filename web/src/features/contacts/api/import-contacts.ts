// POST /api/contacts/import: up to IMPORT_MAX_ROWS rows into a list (General when none); the answer counts what
// happened to each row. A larger file goes as consecutive batches, and the contacts are refreshed once at the end,
// also when a batch fails after earlier ones were saved.
import {
  IMPORT_MAX_ROWS,
  type ImportContactsRequest,
  type ImportContactsResponse,
  importContactsRequestSchema,
  importContactsResponseSchema,
  type ImportRow,
} from "@contracts/contacts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { batchesOf } from "../csv/contacts-csv-import";
import { contactsQueryKey } from "./get-contacts";

export const importContactsInputSchema = importContactsRequestSchema;

export async function importContacts(input: ImportContactsRequest): Promise<ImportContactsResponse> {
  const body = importContactsInputSchema.parse(input);
  return readJson(await apiFetch("/api/contacts/import", { method: "POST", body }), importContactsResponseSchema);
}

export type ContactsImport = {
  rows: ImportRow[];
  /** Each row's number in the file, so an error names the row the person can find. */
  rowNumbers: number[];
  listId?: number;
  /** Called after each batch with the rows sent so far. */
  onProgress?: (sent: number, total: number) => void;
};

/**
 * A batch failed after earlier ones were saved: what those saved, added up as for a whole import, and how far it got.
 * When the first batch fails nothing was saved, and its own error is thrown instead.
 */
export class ImportInterruptedError extends Error {
  override readonly name = "ImportInterruptedError";

  constructor(
    readonly partial: ImportContactsResponse,
    /** The rows sent and answered before the failed batch; the rest were not imported. */
    readonly sentRows: number,
    readonly totalRows: number,
    cause: unknown,
  ) {
    super(`The import stopped after ${sentRows} of ${totalRows} rows`, { cause });
  }
}

/** Sends the rows in batches of IMPORT_MAX_ROWS and adds up the answers; an error's row is the file's row. */
export async function importContactsInBatches(job: ContactsImport): Promise<ImportContactsResponse> {
  const total: ImportContactsResponse = { imported: 0, skipped: 0, duplicates: 0, errors: [] };
  let sent = 0;
  job.onProgress?.(0, job.rows.length);
  for (const batch of batchesOf(job.rows, IMPORT_MAX_ROWS)) {
    let answer: ImportContactsResponse;
    try {
      answer = await importContacts({ rows: batch, listId: job.listId });
    } catch (error) {
      if (sent === 0) throw error;
      throw new ImportInterruptedError(total, sent, job.rows.length, error);
    }
    total.imported += answer.imported;
    total.skipped += answer.skipped;
    total.duplicates += answer.duplicates;
    for (const error of answer.errors) {
      total.errors.push({ row: job.rowNumbers[sent + error.row - 1] ?? sent + error.row, message: error.message });
    }
    sent += batch.length;
    job.onProgress?.(sent, job.rows.length);
  }
  return total;
}

export function useImportContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importContactsInBatches,
    onSettled: () => queryClient.invalidateQueries({ queryKey: contactsQueryKey }),
  });
}
