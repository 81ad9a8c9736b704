// How large a request may be, shared by the api function (which enforces it) and devstack's gateway (which enforces
// the same before proxying, as a production edge would).

const MB = 1024 * 1024;

/** Every JSON body: no request of the API needs more, and a body is parsed whole in memory. */
export const JSON_BODY_MAX_BYTES = 1 * MB;
/** POST /api/contacts/import: one batch of up to IMPORT_MAX_ROWS rows, each with its longest fields, fits. */
export const IMPORT_BODY_MAX_BYTES = 10 * MB;
/**
 * POST /api/bulk-validation/start-enhanced and POST /api/bulk-validation/sessions/{id}/parts: one part of a bulk file,
 * up to BULK_PART_MAX_ROWS rows; the SPA cuts a file into parts that fit (a file's parts add up to at most 50 MB).
 */
export const BULK_PART_BODY_MAX_BYTES = 5 * MB;
/** The request line and headers together; beyond this the answer is 431. */
export const HEADER_SECTION_MAX_BYTES = 16 * 1024;

const IMPORT_PATH = "/api/contacts/import";
const BULK_PART_PATH = /^\/api\/bulk-validation\/(?:start-enhanced|sessions\/[^/]+\/parts)$/;

/** The largest body a request to this path may carry; the path as the api function sees it (from /api on). */
export function bodyLimitForPath(path: string): number {
  const route = path.replace(/\/+$/, "");
  if (route === IMPORT_PATH) return IMPORT_BODY_MAX_BYTES;
  if (BULK_PART_PATH.test(route)) return BULK_PART_BODY_MAX_BYTES;
  return JSON_BODY_MAX_BYTES;
}

export function bodyTooLargeMessage(maxBytes: number): string {
  return `Request body too large: at most ${formatBytes(maxBytes)}.`;
}

export function formatBytes(bytes: number): string {
  return bytes >= MB ? `${Math.round((bytes / MB) * 10) / 10} MB` : `${Math.ceil(bytes / 1024)} kB`;
}

/**
 * A body read whole, but never past maxBytes: null (and the stream cancelled, so its source stops sending) as soon as
 * the count passes it. For bodies that declare no length (chunked); web streams only, so Deno and Node share it.
 */
export async function readBodyWithin(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
