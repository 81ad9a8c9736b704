// Bodies larger than the path's limit are refused with 413 before anything parses them: a declared Content-Length is
// checked before a byte is read, and a chunked body (which has none) is counted as its chunks arrive and the stream
// cancelled at the limit, so the rest of an oversized upload is never read into memory. Hono's own bodyLimit counts
// the same way but leaves the stream locked and unread, so its source is never told to stop.
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimitForPath, bodyTooLargeMessage, readBodyWithin } from "../../_shared/contracts/http-limits.ts";
import { errorBody } from "./errors.ts";

export const limitBody: MiddlewareHandler = async (c, next) => {
  const body = c.req.raw.body;
  if (!body) return await next();
  const maxBytes = bodyLimitForPath(c.req.path);
  const declared = c.req.header("content-length");
  if (declared !== undefined && !c.req.header("transfer-encoding")) {
    // The server's framing guarantees the body is no longer than it declared.
    const length = Number(declared);
    if (!Number.isSafeInteger(length) || length > maxBytes) return tooLarge(c, maxBytes);
    return await next();
  }
  const bytes = await readBodyWithin(body, maxBytes);
  if (!bytes) return tooLarge(c, maxBytes);
  c.req.raw = new Request(c.req.raw, { body: bytes });
  await next();
};

function tooLarge(c: Context, maxBytes: number) {
  // The rest of the body stays unread, so this connection can't carry another request.
  c.header("Connection", "close");
  return c.json(errorBody(bodyTooLargeMessage(maxBytes)), 413);
}
