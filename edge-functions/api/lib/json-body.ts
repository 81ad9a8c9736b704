// Request bodies are JSON objects checked by the shared contract's schemas. Anything else is answered here with a
// 400 whose message names the field and the rule, so handlers only ever see valid input (c.req.valid("json")).
import type { Env, MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { z } from "zod";
import { describeFirstIssue } from "../../_shared/zod-issues.ts";
import { errorBody } from "./errors.ts";

export type JsonInput<Schema extends z.ZodType> = {
  in: { json: z.input<Schema> };
  out: { json: z.output<Schema> };
};

const NOT_JSON = "Request body must be JSON";

/**
 * `emptyMeansDefaults`: a request without a body counts as {}, for an action whose fields all have defaults (a bulk
 * run of the default size is a plain POST).
 */
export function jsonBody<Schema extends z.ZodType>(
  schema: Schema,
  { emptyMeansDefaults = false } = {},
): MiddlewareHandler<Env, string, JsonInput<Schema>> {
  return async (c, next) => {
    let body: unknown;
    const text = emptyMeansDefaults ? await c.req.text() : undefined;
    if (text === "") {
      body = {};
    } else {
      // Requiring the JSON media type also means a cross-site page cannot post here without a CORS preflight.
      if (!isJsonMediaType(c.req.header("content-type"))) return c.json(errorBody(NOT_JSON), 400);
      try {
        body = text === undefined ? await c.req.json() : JSON.parse(text);
      } catch {
        return c.json(errorBody(NOT_JSON), 400);
      }
    }
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      return c.json(errorBody("Request body must be a JSON object"), 400);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) return c.json(errorBody(describeFirstIssue(parsed.error)), 400);
    c.req.addValidatedData("json", parsed.data as object);
    await next();
  };
}

function isJsonMediaType(contentType: string | undefined): boolean {
  const mediaType = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  return mediaType === "application/json" || /^application\/[\w.-]+\+json$/.test(mediaType);
}

/**
 * Input a handler checks itself, where the schema depends on the path (a payment provider's credentials): refused with
 * the same 400 naming the field.
 */
export function checked<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new HTTPException(400, { message: describeFirstIssue(parsed.error) });
  return parsed.data;
}
