// Reads an uploaded file into rows through the worker (read-file.worker.ts), reporting how far it got, then takes the
// header off when the first row is one.
import { type FileKind, fileKindOf } from "./parse-table";
import type { ReadFileMessage, ReadFileRequest } from "./read-file.worker";
import { looksLikeHeader, SAMPLE_ROWS } from "./columns";

export type ReadFile = {
  fileName: string;
  kind: FileKind;
  /** Every non-blank row, the first one included even when it is a header. */
  records: string[][];
  /** Whether the first row looks like a header; the person may say otherwise. */
  headerGuess: boolean;
};

/** Rows of the file, with the first row taken as a header when it looks like one. */
export function toReadFile(fileName: string, kind: FileKind, records: string[][]): ReadFile {
  const [first = [], ...rest] = records;
  return { fileName, kind, records, headerGuess: records.length > 0 && looksLikeHeader(first, rest.slice(0, SAMPLE_ROWS)) };
}

/** Reads `file` in a worker; onProgress gets the share read so far, from 0 to 1. */
export function readBulkFile(file: File, onProgress?: (share: number) => void): Promise<ReadFile> {
  const kind = fileKindOf(file.name);
  if (!kind) return Promise.reject(new Error(`Not a .csv or .txt file: ${file.name}`));
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./read-file.worker.ts", import.meta.url), { type: "module" });
    const records: string[][] = [];
    const finish = () => worker.terminate();
    worker.onmessage = (event: MessageEvent<ReadFileMessage>) => {
      const message = event.data;
      if (message.type === "rows") {
        for (const row of message.rows) records.push(row);
        onProgress?.(message.totalChars === 0 ? 1 : message.parsedChars / message.totalChars);
      } else if (message.type === "done") {
        finish();
        resolve(toReadFile(file.name, kind, records));
      } else {
        finish();
        reject(new Error(message.message));
      }
    };
    worker.onerror = (event) => {
      finish();
      reject(new Error(event.message || "The file could not be read"));
    };
    worker.postMessage({ file, kind } satisfies ReadFileRequest);
  });
}
