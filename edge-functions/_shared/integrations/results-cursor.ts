// A results page's cursor: the last row it held, wrapped so clients treat it as opaque (the shape may change; what
// they hand back is only ever what we gave them).
import { fromBase64Url, toBase64Url } from "../base64url.ts";
import { DomainError } from "../errors.ts";

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: true });

export function resultsCursor(lastRow: number): string {
  return toBase64Url(encoder.encode(`row:${lastRow}`));
}

/** The row after which the page starts: 0 for the first page. */
export function rowAfter(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  let match: RegExpExecArray | null = null;
  try {
    match = /^row:([1-9][0-9]{0,8})$/.exec(decoder.decode(fromBase64Url(cursor)));
  } catch {
    // Not base64url, or not text: refused below like any cursor we did not give.
  }
  if (!match) throw new DomainError("invalid_input", { problem: "cursor must be a nextCursor from an earlier page" });
  return Number(match[1]);
}
