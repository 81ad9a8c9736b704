// Query and path parameters are checked against the shared contract's schemas, like bodies (json-body.ts): anything
// else is answered here with a 400 naming the parameter and the rule, so handlers only see valid input
// (c.req.valid("query"), c.req.valid("param")).
import type { Context, Env, MiddlewareHandler } from "hono";
import type { z } from "zod";
import { describeFirstIssue } from "../../_shared/zod-issues.ts";
import { errorBody } from "./errors.ts";

export type QueryInput<Schema extends z.ZodType> = {
  in: { query: Record<string, string> };
  out: { query: z.output<Schema> };
};

export type ParamInput<Schema extends z.ZodType> = {
  in: { param: Record<string, string> };
  out: { param: z.output<Schema> };
};

function checked<Input extends object>(
  target: "query" | "param",
  read: (c: Context) => Record<string, string>,
  schema: z.ZodType,
): MiddlewareHandler<Env, string, Input> {
  return async (c, next) => {
    const parsed = schema.safeParse(read(c));
    if (!parsed.success) return c.json(errorBody(describeFirstIssue(parsed.error)), 400);
    c.req.addValidatedData(target, parsed.data as Record<string, string>);
    await next();
  };
}

export function queryParams<Schema extends z.ZodType>(schema: Schema): MiddlewareHandler<Env, string, QueryInput<Schema>> {
  return checked("query", (c) => c.req.query(), schema);
}

/** For a route's path parameters (`/mailbox-probes/:probeId`). */
export function pathParams<Schema extends z.ZodType>(schema: Schema): MiddlewareHandler<Env, string, ParamInput<Schema>> {
  return checked("param", (c) => c.req.param() as Record<string, string>, schema);
}
