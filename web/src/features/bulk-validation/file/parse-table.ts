// An uploaded file's text as rows of cells, handed out a chunk at a time so the worker that reads a 50 MB file can
// pass rows to the page as it goes. A .csv is read by papaparse (quotes, quoted newlines, CRLF, a comma, semicolon,
// tab or pipe delimiter guessed from the first chunk); a .txt holds one address a line. Pure, so it is tested without
// a worker; the worker (read-file.worker.ts) only wires it to messages.
import Papa from "papaparse";

export type FileKind = "csv" | "txt";

/** The kind of file a name says it is; null for any other file, which the upload refuses. */
export function fileKindOf(fileName: string): FileKind | null {
  const name = fileName.toLowerCase();
  if (name.endsWith(".csv")) return "csv";
  if (name.endsWith(".txt")) return "txt";
  return null;
}

/** Characters parsed between two hand-overs: small enough that each message is cheap for the page to receive. */
export const PARSE_CHUNK_CHARS = 1024 * 1024;
const TXT_ROWS_PER_CHUNK = 20_000;

/**
 * Calls onRows with each chunk of non-blank rows, in file order, and with how many characters of the text have been
 * read so far (for a progress bar). Synchronous: it returns once the whole text has been handed out.
 */
export function parseRows(text: string, kind: FileKind, onRows: (rows: string[][], parsedChars: number) => void): void {
  // Blob.text() already drops a UTF-8 byte order mark; text from elsewhere may still start with one.
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  if (kind === "txt") {
    const lines = body.split(/\r\n|\n|\r/);
    let position = 0;
    for (let start = 0; start < lines.length; start += TXT_ROWS_PER_CHUNK) {
      const chunk = lines.slice(start, start + TXT_ROWS_PER_CHUNK);
      position += chunk.reduce((sum, line) => sum + line.length + 1, 0);
      const rows = chunk.map((line) => line.trim()).filter((line) => line !== "").map((line) => [line]);
      onRows(rows, Math.min(position, body.length));
    }
    return;
  }
  Papa.parse<string[]>(body, {
    header: false,
    skipEmptyLines: "greedy",
    delimitersToGuess: [",", ";", "\t", "|"],
    chunkSize: PARSE_CHUNK_CHARS,
    chunk: (results: Papa.ParseResult<string[]>) => onRows(results.data, Math.min(results.meta.cursor, body.length)),
    // Every row has come through chunk by then; the types insist on a completion callback for chunked parsing.
    complete: () => {},
  });
}
