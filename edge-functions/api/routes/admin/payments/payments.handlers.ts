import type { Context } from "hono";
import { listPayments, type paymentsQuerySchema } from "../../../../_shared/admin/index.ts";
import type { QueryInput } from "../../../lib/query-params.ts";
import type { SignedInEnv } from "../../../lib/require-user.ts";

export async function list(c: Context<SignedInEnv, string, QueryInput<typeof paymentsQuerySchema>>) {
  return c.json(await listPayments(c.var.signedIn.claims, c.req.valid("query")), 200);
}
