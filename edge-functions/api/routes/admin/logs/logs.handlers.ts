import type { Context } from "hono";
import { activityLog, auditLog, type logQuerySchema } from "../../../../_shared/admin/index.ts";
import type { QueryInput } from "../../../lib/query-params.ts";
import type { SignedInEnv } from "../../../lib/require-user.ts";

type LogContext = Context<SignedInEnv, string, QueryInput<typeof logQuerySchema>>;

export async function audit(c: LogContext) {
  return c.json(await auditLog(c.var.signedIn.claims, c.req.valid("query")), 200);
}

export async function activity(c: LogContext) {
  return c.json(await activityLog(c.var.signedIn.claims, c.req.valid("query")), 200);
}
