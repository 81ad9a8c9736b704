// The worker that reads an uploaded file off the page's thread: a 50 MB file is decoded and parsed here, and its rows
// reach the page in chunks, so the page keeps answering while it reads.
import { type FileKind, parseRows } from "./parse-table";

export type ReadFileRequest = { file: File; kind: FileKind };
export type ReadFileMessage =
  | { type: "rows"; rows: string[][]; parsedChars: number; totalChars: number }
  | { type: "done" }
  | { type: "error"; message: string };

const post = (message: ReadFileMessage) => self.postMessage(message);

self.onmessage = async (event: MessageEvent<ReadFileRequest>) => {
  try {
    // Decoded whole rather than slice by slice, so a character split between two slices is never garbled.
    const text = await event.data.file.text();
    parseRows(text, event.data.kind, (rows, parsedChars) =>
      post({ type: "rows", rows, parsedChars, totalChars: text.length }),
    );
    post({ type: "done" });
  } catch (error) {
    post({ type: "error", message: error instanceof Error ? error.message : String(error) });
  }
};
