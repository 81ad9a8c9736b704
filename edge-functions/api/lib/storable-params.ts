// Query and path parameters reach SQL outside any body schema; a NUL in one (%00) would fail there as a 500. Checked
// once for every route, by the same rule the contracts' text() applies to body fields.
import type { MiddlewareHandler } from "hono";
import { isStorableText, UNSTORABLE_TEXT_MESSAGE, unstorableParameter } from "../../_shared/contracts/text.ts";
import { errorBody } from "./errors.ts";

export const storableParams: MiddlewareHandler = async (c, next) => {
  const url = new URL(c.req.url);
  const problem = unstorableParameter(url.searchParams) ?? unstorablePath(url.pathname);
  if (problem) return c.json(errorBody(problem), 400);
  await next();
};

function unstorablePath(pathname: string): string | null {
  for (const segment of pathname.split("/")) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      // Not UTF-8 once decoded: the router keeps such a segment as sent (%FF), which is storable text.
      continue;
    }
    if (!isStorableText(decoded)) return `path: ${UNSTORABLE_TEXT_MESSAGE}`;
  }
  return null;
}
