// Query parameters are checked against the shared contract's schemas, like bodies (json-body.ts): anything else is
// answered here with a 400 naming the parameter and the rule, so handlers only see valid input (c.req.valid("query")).
import type { Env, MiddlewareHandler } from "hono";
import type { z } from "zod";
import { describeFirstIssue } from "../../_shared/zod-issues.ts";
import { errorBody } from "./errors.ts";

export type QueryInput<Schema extends z.ZodType> = {
  in: { query: Record<string, string> };
  out: { query: z.output<Schema> };
};

export function queryParams<Schema extends z.ZodType>(schema: Schema): MiddlewareHandler<Env, string, QueryInput<Schema>> {
  return async (c, next) => {
    const parsed = schema.safeParse(c.req.query());
    if (!parsed.success) return c.json(errorBody(describeFirstIssue(parsed.error)), 400);
    c.req.addValidatedData("query", parsed.data as Record<string, string>);
    await next();
  };
}
