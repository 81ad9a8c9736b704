// A file's rows in the parts the contract accepts: at most BULK_PART_MAX_ROWS rows a call, and each body under the
// route's 5 MB limit with room to spare, measured as the UTF-8 bytes of the JSON that will be sent.
import { BULK_PART_MAX_ROWS, type BulkRow } from "@contracts/bulk-validation";

/** Below the 5 MB the route accepts, leaving room for the envelope and a margin. */
export const PART_MAX_BYTES = 4.5 * 1024 * 1024;

/** The bytes a string takes in UTF-8, without encoding it. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      // A surrogate pair is one code point of four bytes.
      bytes += 4;
      index++;
    } else bytes += 3;
  }
  return bytes;
}

type PartLimits = {
  maxRows?: number;
  maxBytes?: number;
  /** Bytes every body spends besides its rows (names, columns, the part number). */
  envelopeBytes?: number;
};

export type Parts = {
  /** Consecutive parts, in file order; a row too large for any part goes alone (the server then says why). */
  parts: BulkRow[][];
};

export function splitIntoParts(rows: BulkRow[], limits: PartLimits = {}): Parts {
  const maxRows = limits.maxRows ?? BULK_PART_MAX_ROWS;
  const budget = (limits.maxBytes ?? PART_MAX_BYTES) - (limits.envelopeBytes ?? 0);
  const parts: BulkRow[][] = [];
  let current: BulkRow[] = [];
  let bytes = 0;
  for (const row of rows) {
    // The row's JSON plus the comma that separates it from the next.
    const rowBytes = utf8Length(JSON.stringify(row)) + 1;
    if (current.length > 0 && (current.length >= maxRows || bytes + rowBytes > budget)) {
      parts.push(current);
      current = [];
      bytes = 0;
    }
    current.push(row);
    bytes += rowBytes;
  }
  if (current.length > 0) parts.push(current);
  return { parts };
}
