// Request bodies: JSON parsed with a zod schema. A body that is not JSON, or whose fields have the wrong types,
// gets GoTrue's 400 bad_json (Go's decoder fails the same way); rules about values are checked by the routes.
import type { Context } from "hono";
import { z } from "zod";
import { badRequest } from "./errors.ts";

export async function readBody<S extends z.ZodType>(
  c: Context,
  schema: S,
  { emptyMeans }: { emptyMeans?: unknown } = {},
): Promise<z.infer<S>> {
  const text = await c.req.text();
  let json: unknown;
  try {
    // Only where GoTrue accepts a missing body (DELETE /admin/users/{id}) does it stand for defaults.
    json = text === "" && emptyMeans !== undefined ? emptyMeans : JSON.parse(text);
  } catch (err) {
    throw badRequest("bad_json", `Could not parse request body as JSON: ${(err as Error).message}`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join(".")}` : "";
    throw badRequest("bad_json", `Could not parse request body as JSON: ${issue?.message ?? "invalid body"}${where}`);
  }
  return parsed.data;
}

/** A metadata map in a request: a JSON object, or null/absent meaning "leave as is". */
export const metadataMap = z.record(z.string(), z.unknown()).nullish();
