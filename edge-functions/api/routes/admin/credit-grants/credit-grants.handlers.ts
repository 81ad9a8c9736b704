import type { Context } from "hono";
import { type creditGrantsQuerySchema, listCreditGrants, revokeCreditGrant } from "../../../../_shared/admin/index.ts";
import { pathId } from "../../../lib/path-id.ts";
import type { QueryInput } from "../../../lib/query-params.ts";
import type { SignedInEnv } from "../../../lib/require-user.ts";

export async function list(c: Context<SignedInEnv, string, QueryInput<typeof creditGrantsQuerySchema>>) {
  return c.json(await listCreditGrants(c.var.signedIn.claims, c.req.valid("query")), 200);
}

export async function revoke(c: Context<SignedInEnv>) {
  return c.json(await revokeCreditGrant(c.var.signedIn.claims, pathId(c.req.param("id"), "grant_not_found")), 200);
}
