// The signed-in user's own account over HTTP: each handler takes validated input, calls the feature, and answers.
import type { Context } from "hono";
import { updateProfile as saveProfile, type updateProfileRequestSchema } from "../../../_shared/accounts/index.ts";
import {
  accountUsage,
  deleteAccount,
  type deleteAccountRequestSchema,
  usageHistory,
  type usageHistoryQuerySchema,
} from "../../../_shared/billing/index.ts";
import type { JsonInput } from "../../lib/json-body.ts";
import type { QueryInput } from "../../lib/query-params.ts";
import type { SignedInEnv } from "../../lib/require-user.ts";

export async function usage(c: Context<SignedInEnv>) {
  return c.json(await accountUsage(c.var.signedIn.userId), 200);
}

export async function history(c: Context<SignedInEnv, string, QueryInput<typeof usageHistoryQuerySchema>>) {
  return c.json(await usageHistory(c.var.signedIn.userId, c.req.valid("query").days), 200);
}

export async function updateProfile(c: Context<SignedInEnv, string, JsonInput<typeof updateProfileRequestSchema>>) {
  return c.json(await saveProfile(c.var.signedIn.claims, c.req.valid("json")), 200);
}

/** The account, its sessions and its personal data go; payments stay without it. */
export async function remove(c: Context<SignedInEnv, string, JsonInput<typeof deleteAccountRequestSchema>>) {
  await deleteAccount(c.var.signedIn, c.req.valid("json").confirmUsername);
  return c.body(null, 204);
}
