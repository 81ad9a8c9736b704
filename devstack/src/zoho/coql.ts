// The part of COQL the fake answers: `select <fields> from Contacts where Email in ('a', ...) [limit n[, offset]]` (or
// `Email = 'a'`), with string literals as COQL writes them (a quote or backslash escaped by a backslash). Anything else
// is refused with Zoho's SYNTAX_ERROR, so a client that drifts from what it means to send finds out here.
import { ZohoCrmError } from "./errors.ts";

export interface EmailQuery {
  fields: string[];
  emails: string[];
  limit: number;
  offset: number;
}

/** COQL answers at most 2000 records a query, 200 when no limit is given. */
const MAX_LIMIT = 2000;

const syntaxError = (message: string) => new ZohoCrmError(400, "SYNTAX_ERROR", message);

function stringLiterals(list: string): string[] {
  const values: string[] = [];
  const literal = /\s*'((?:[^'\\]|\\.)*)'\s*(,|$)/y;
  let match: RegExpExecArray | null;
  while (literal.lastIndex < list.length && (match = literal.exec(list))) {
    values.push(match[1]!.replace(/\\(.)/g, "$1"));
    if (match[2] === "") return values;
  }
  throw syntaxError(`error at the in clause: ${list}`);
}

export function parseEmailQuery(query: string): EmailQuery {
  const match = /^\s*select\s+(.+?)\s+from\s+Contacts\s+where\s+\(?\s*Email\s+(in\s*\((.*)\)|=\s*('(?:[^'\\]|\\.)*'))\s*\)?(?:\s+limit\s+(\d+)(?:\s*,\s*(\d+))?)?\s*;?\s*$/is.exec(query);
  if (!match) throw syntaxError("the fake Zoho answers only `select ... from Contacts where Email in (...)`");
  const fields = match[1]!.split(",").map((field) => field.trim());
  if (fields.some((field) => !/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)?$/.test(field))) {
    throw syntaxError(`invalid column in select: ${match[1]}`);
  }
  const emails = match[3] !== undefined ? stringLiterals(match[3]) : stringLiterals(match[4]!);
  if (emails.length > 50) throw new ZohoCrmError(400, "INVALID_QUERY", "the in clause takes at most 50 values", { limit: 50 });
  const limit = match[5] === undefined ? 200 : Number(match[5]);
  if (limit < 1 || limit > MAX_LIMIT) throw new ZohoCrmError(400, "INVALID_QUERY", `limit must be 1 to ${MAX_LIMIT}`, { limit: MAX_LIMIT });
  return { fields, emails, limit, offset: match[6] === undefined ? 0 : Number(match[6]) };
}
