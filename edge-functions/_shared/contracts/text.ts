// The one string schema every text field of every request contract is built from. PostgreSQL's text cannot hold a NUL
// character, and a lone UTF-16 surrogate has no UTF-8 form (jsonb refuses its \ud800 escape): either would reach the
// database and fail there as a 500. Refused here instead, so the answer is a 400 naming the field.
import { z } from "zod";

export const UNSTORABLE_TEXT_MESSAGE = "must not contain NUL characters or unpaired UTF-16 surrogates";

// Without the u flag a regex sees UTF-16 code units, which is what a lone surrogate is. The NUL is the point here.
// deno-lint-ignore no-control-regex
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when PostgreSQL can store the string as text (and jsonb) unchanged. */
export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/**
 * z.string() that refuses unstorable text before any other rule runs (abort: a NUL is the problem to report, not
 * the length). Takes z.string()'s own parameters, so each field keeps its "must be text" message.
 */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isStorableText, { message: UNSTORABLE_TEXT_MESSAGE, abort: true });
}

/**
 * Query and path parameters arrive outside any body schema; this names the first one that cannot be stored
 * ("q: must not contain ..."), or returns null when all can.
 */
export function unstorableParameter(parameters: Iterable<[string, string]>): string | null {
  for (const [name, value] of parameters) {
    if (!isStorableText(name)) return `query: ${UNSTORABLE_TEXT_MESSAGE}`;
    if (!isStorableText(value)) return `${name}: ${UNSTORABLE_TEXT_MESSAGE}`;
  }
  return null;
}
