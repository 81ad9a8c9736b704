// The upload tab's three steps: choose a file, map its columns, send it. A failure while sending goes back to
// mapping with the file and choices kept; Upload Different File starts over. Held by the page, above the tabs, so a
// look at another tab while a file is sent loses nothing.
import {
  BULK_FILE_MAX_BYTES,
  BULK_MAX_COLUMNS,
  BULK_MAX_ROWS,
  BULK_NAME_MAX_LENGTH,
  type BulkUploadAnswer,
} from "@contracts/bulk-validation";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "@/components/ui/toast-store";
import { refreshBalance } from "@/features/account";
import { ApiError, needsCreditsOf } from "@/lib/api";
import { bulkSessionsQueryKey } from "../api/get-bulk-sessions";
import { buildRows, storableCell } from "../file/build-rows";
import { type ColumnMapping, guessMapping, SAMPLE_ROWS } from "../file/columns";
import { fileKindOf } from "../file/parse-table";
import { type ReadFile, readBulkFile } from "../file/read-file";
import { type BulkUpload, planUpload, sendUpload } from "./send-upload";

export type Mapping = {
  /** Whether the first row names the columns. */
  hasHeader: boolean;
  columns: ColumnMapping;
  sessionName: string;
};

export type UploadStep =
  | { step: "upload"; reading?: { fileName: string; share: number } }
  | { step: "mapping"; file: ReadFile; mapping: Mapping }
  | { step: "processing"; file: ReadFile; mapping: Mapping; sentRows: number; totalRows: number };

const MB = 1024 * 1024;

function fail(title: string, description: string): void {
  toast({ title, description, variant: "destructive" });
}

/** The header row and data rows of a file, as the person has said the first row is (or is not) a header. */
export function splitHeader(file: ReadFile, hasHeader: boolean): { header: string[] | null; records: string[][] } {
  return hasHeader ? { header: file.records[0] ?? [], records: file.records.slice(1) } : { header: null, records: file.records };
}

export function mappingFor(file: ReadFile, hasHeader: boolean, sessionName: string): Mapping {
  const { header, records } = splitHeader(file, hasHeader);
  return { hasHeader, columns: guessMapping(header, records.slice(0, SAMPLE_ROWS)), sessionName };
}

/** Why a file can't be uploaded before it is read, as a toast's title and words; null when it can. */
function fileProblem(file: File): [string, string] | null {
  // Beyond .csv, a .txt of one address a line is taken too: it is how many lists are kept.
  if (!fileKindOf(file.name)) return ["Invalid file type", "Please upload a CSV file"];
  if (file.size > BULK_FILE_MAX_BYTES) {
    const size = (file.size / MB).toFixed(1);
    return ["File too large", `This file is ${size} MB; the maximum file size is 50MB. Split it into smaller files.`];
  }
  return null;
}

export function useUploadFlow(onStarted: (answer: BulkUploadAnswer) => void) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<UploadStep>({ step: "upload" });

  async function chooseFile(file: File): Promise<void> {
    const problem = fileProblem(file);
    if (problem) {
      fail(...problem);
      return;
    }
    setState({ step: "upload", reading: { fileName: file.name, share: 0 } });
    try {
      const read = await readBulkFile(file, (share) =>
        setState((current) => (current.step === "upload" ? { step: "upload", reading: { fileName: file.name, share } } : current)),
      );
      const widest = Math.max(0, ...read.records.slice(0, SAMPLE_ROWS + 1).map((row) => row.length));
      if (read.records.length === 0) {
        setState({ step: "upload" });
        fail("Empty file", "The file has no rows. Please upload a file with email addresses.");
      } else if (widest > BULK_MAX_COLUMNS) {
        setState({ step: "upload" });
        fail("Too many columns", `The file has ${widest} columns; at most ${BULK_MAX_COLUMNS} are accepted.`);
      } else {
        const sessionName = file.name.slice(0, BULK_NAME_MAX_LENGTH);
        setState({ step: "mapping", file: read, mapping: mappingFor(read, read.headerGuess, sessionName) });
      }
    } catch {
      setState({ step: "upload" });
      fail("Could not read the file", "Please check that it is a text file in UTF-8 and try again.");
    }
  }

  function changeMapping(mapping: Mapping): void {
    setState((current) => (current.step === "mapping" ? { ...current, mapping } : current));
  }

  function reset(): void {
    setState({ step: "upload" });
  }

  async function start(): Promise<void> {
    if (state.step !== "mapping") return;
    const { file, mapping } = state;
    if (mapping.columns.email === null) {
      fail("Missing email column", "Please select the email column to proceed");
      return;
    }
    const { header, records } = splitHeader(file, mapping.hasHeader);
    const { rows } = buildRows(records, mapping.columns);
    if (rows.length === 0) {
      fail("No emails found", "No row of the email column holds an address with @.");
      return;
    }
    if (rows.length > BULK_MAX_ROWS) {
      fail(
        "Too many emails",
        `This file has ${rows.length.toLocaleString()} emails; at most ${BULK_MAX_ROWS.toLocaleString()} can be validated at once. Split it into smaller files.`,
      );
      return;
    }
    const upload: BulkUpload = {
      rows,
      sessionName: mapping.sessionName.trim() || file.fileName,
      fileName: file.fileName,
      columns: header?.map((cell) => storableCell(cell)),
      onProgress: (sentRows, totalRows) =>
        setState((current) => (current.step === "processing" ? { ...current, sentRows, totalRows } : current)),
    };
    const plan = planUpload(upload);
    setState({ step: "processing", file, mapping, sentRows: 0, totalRows: rows.length });
    try {
      const answer = await sendUpload(upload, plan);
      await queryClient.invalidateQueries({ queryKey: bulkSessionsQueryKey });
      setState({ step: "upload" });
      onStarted(answer);
    } catch (error) {
      setState({ step: "mapping", file, mapping });
      // Refused for want of credits: the upgrade dialog that opens says so, with what to buy.
      if (needsCreditsOf(error)) return;
      // The server's words when it sent some (too large, no usable rows, too many jobs), else the spec's.
      if (error instanceof ApiError) fail("Validation failed", error.serverMessage ?? "Failed to start validation");
      else fail("Validation failed", "Please try again or contact support");
    } finally {
      // The job's rows were paid for when it started (or refused for want of credits): the balance is asked again.
      void refreshBalance(queryClient);
    }
  }

  return { state, chooseFile, changeMapping, reset, start };
}
