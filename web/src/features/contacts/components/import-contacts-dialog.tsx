// The CSV upload: a CSV file by type or extension, read and checked in the browser, sent in
// batches to the chosen list with progress shown, then what happened: imported, skipped, duplicates, row errors.
// When a batch fails after earlier ones were saved, the error is shown with what those saved and the rows not sent.
import type { ContactList, ImportContactsResponse } from "@contracts/contacts";
import { UploadIcon } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/toast-store";
import { ApiError } from "@/lib/api";
import { ImportInterruptedError, useImportContacts } from "../api/import-contacts";
import { fileProblem, parseContactsCsv } from "../csv/contacts-csv-import";
import { ListSelect } from "./list-select";

export const IMPORT_FAILED_MESSAGE = "Error processing file. Please check the format and try again.";

type ImportOutcome = ImportContactsResponse & {
  skippedInFile: number;
  /** Set when a batch failed after earlier ones were saved: the rows from the failed batch on, never sent. */
  notImported?: number;
};

type ImportContactsDialogProps = {
  lists: ContactList[];
  /** The list the page is filtered to; the import goes there unless another is chosen (else General). */
  listId?: number;
};

export function ImportContactsDialog({ lists, listId }: ImportContactsDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <UploadIcon aria-hidden />
        Upload File
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Import Contacts</DialogTitle>
          <DialogDescription>
            A CSV file with a header row and an email column; name, company, position, phone and notes columns are
            picked up when present.
          </DialogDescription>
        </DialogHeader>
        {open && <ImportForm lists={lists} listId={listId} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function ImportForm({ lists, listId, onDone }: ImportContactsDialogProps & { onDone: () => void }) {
  const fileId = useId();
  const listSelectId = useId();
  const general = lists.find((list) => list.isDefault);
  const [file, setFile] = useState<File | null>(null);
  const [targetListId, setTargetListId] = useState(String(listId ?? general?.id ?? ""));
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ sent: number; total: number } | null>(null);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const importRows = useImportContacts();
  const pending = importRows.isPending;

  function choose(chosen: File | null) {
    setOutcome(null);
    setProgress(null);
    const problem = chosen && fileProblem(chosen);
    if (problem) {
      setFile(null);
      setProblem(problem);
      return;
    }
    setProblem(null);
    setFile(chosen);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    setOutcome(null);
    let skippedInFile = 0;
    try {
      const parsed = parseContactsCsv(await readText(file));
      if (!parsed.ok) {
        setProblem(parsed.message);
        return;
      }
      setProblem(null);
      skippedInFile = parsed.skipped;
      const answer = await importRows.mutateAsync({
        rows: parsed.rows,
        rowNumbers: parsed.rowNumbers,
        listId: targetListId ? Number(targetListId) : undefined,
        onProgress: (sent, total) => setProgress({ sent, total }),
      });
      setOutcome({ ...answer, skippedInFile });
      toast({ title: "Success", description: `Successfully imported ${answer.imported} contacts` });
    } catch (error) {
      if (error instanceof ImportInterruptedError) {
        setOutcome({ ...error.partial, skippedInFile, notImported: error.totalRows - error.sentRows });
      }
      const message = importFailureMessage(error);
      setProblem(message);
      toast({ title: "Error", description: message, variant: "destructive" });
    }
  }

  return (
    <form className="grid gap-4" onSubmit={(event) => void submit(event)} noValidate>
      <div className="grid gap-2">
        <Label htmlFor={fileId}>CSV file</Label>
        <Input
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          className="py-1.5"
          disabled={pending}
          onChange={(event) => choose(event.target.files?.[0] ?? null)}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={listSelectId}>Import into</Label>
        <ListSelect
          id={listSelectId}
          lists={lists}
          disabled={pending}
          value={targetListId}
          onChange={(event) => setTargetListId(event.target.value)}
        />
      </div>
      {problem && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      )}
      {progress && pending && (
        <div className="grid gap-1.5">
          <progress
            aria-label="Import progress"
            className="h-2 w-full accent-primary"
            value={progress.sent}
            max={Math.max(progress.total, 1)}
          />
          <p className="text-sm text-muted-foreground">
            Sent {progress.sent.toLocaleString()} of {progress.total.toLocaleString()} rows...
          </p>
        </div>
      )}
      {outcome && <ImportSummary outcome={outcome} />}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone} disabled={pending}>
          {outcome ? "Done" : "Cancel"}
        </Button>
        <Button type="submit" disabled={!file || pending}>
          {pending ? "Importing..." : "Import"}
        </Button>
      </div>
    </form>
  );
}

/**
 * A batch too large for the server (413) is the one failure a person can fix, so it is said as the server says it,
 * with what to do; anything else is the generic message.
 */
function importFailureMessage(error: unknown): string {
  const cause = error instanceof ImportInterruptedError ? error.cause : error;
  if (cause instanceof ApiError && cause.status === 413) {
    return `${cause.serverMessage ?? "The file is too large to send."} Split the file into smaller files, or shorten its longest cells.`;
  }
  return IMPORT_FAILED_MESSAGE;
}

/** FileReader rather than Blob.text(): the same in every browser the app supports and in the test DOM. */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === "string" ? reader.result : "");
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read"));
    reader.readAsText(file);
  });
}

function ImportSummary({ outcome }: { outcome: ImportOutcome }) {
  const skipped = outcome.skipped + outcome.skippedInFile;
  return (
    <div role="status" className="grid gap-2 rounded-lg border bg-muted/40 p-3 text-sm">
      {outcome.notImported === undefined ? (
        <p className="font-medium">Successfully imported {outcome.imported} contacts</p>
      ) : (
        <>
          <p className="font-medium">Imported {outcome.imported} contacts before the error</p>
          <p className="text-destructive">
            {outcome.notImported} {outcome.notImported === 1 ? "row was" : "rows were"} not imported
          </p>
        </>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-muted-foreground">Imported</dt>
        <dd>{outcome.imported}</dd>
        <dt className="text-muted-foreground">Skipped (no @ in the email)</dt>
        <dd>{skipped}</dd>
        <dt className="text-muted-foreground">Duplicates</dt>
        <dd>{outcome.duplicates}</dd>
        <dt className="text-muted-foreground">Errors</dt>
        <dd>{outcome.errors.length}</dd>
      </dl>
      {outcome.errors.length > 0 && (
        <ul aria-label="Row errors" className="max-h-40 list-disc overflow-y-auto pl-5 text-destructive">
          {outcome.errors.map((error) => (
            <li key={error.row}>
              Row {error.row}: {error.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
