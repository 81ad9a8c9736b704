import type { Context } from "hono";
import { financialReport, type reportRequestSchema } from "../../../../_shared/admin/index.ts";
import type { JsonInput } from "../../../lib/json-body.ts";
import type { SignedInEnv } from "../../../lib/require-user.ts";

export async function generate(c: Context<SignedInEnv, string, JsonInput<typeof reportRequestSchema>>) {
  return c.json(await financialReport(c.var.signedIn.claims, c.req.valid("json")), 200);
}
