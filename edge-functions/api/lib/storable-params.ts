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
      // Not UTF-8 once decoded: the router decodes what it can and keeps the rest as sent (%FF), so of all the
      // escapes only a NUL's (%00) still reaches SQL.
      if (/%00/.test(segment)) return `path: ${UNSTORABLE_TEXT_MESSAGE}`;
      continue;
    }
    if (!isStorableText(decoded)) return `path: ${UNSTORABLE_TEXT_MESSAGE}`;
  }
  return null;
}
