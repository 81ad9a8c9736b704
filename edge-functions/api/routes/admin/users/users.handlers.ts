import type { Context } from "hono";
import {
  type adminFlagRequestSchema,
  type adminUsersQuerySchema,
  grantCredits,
  type grantCreditsRequestSchema,
  listUsers,
  readUser,
  setAdmin,
  setThrottle,
  suspendUser,
  type suspensionRequestSchema,
  type throttleRequestSchema,
  unsuspendUser,
} from "../../../../_shared/admin/index.ts";
import type { JsonInput } from "../../../lib/json-body.ts";
import { pathUuid } from "../../../lib/path-id.ts";
import type { QueryInput } from "../../../lib/query-params.ts";
import type { SignedInEnv } from "../../../lib/require-user.ts";

const userId = (c: Context) => pathUuid(c.req.param("id"), "user_not_found");

export async function list(c: Context<SignedInEnv, string, QueryInput<typeof adminUsersQuerySchema>>) {
  return c.json(await listUsers(c.var.signedIn.claims, c.req.valid("query")), 200);
}

export async function detail(c: Context<SignedInEnv>) {
  return c.json(await readUser(c.var.signedIn.claims, userId(c)), 200);
}

export async function adminFlag(c: Context<SignedInEnv, string, JsonInput<typeof adminFlagRequestSchema>>) {
  return c.json(await setAdmin(c.var.signedIn.claims, userId(c), c.req.valid("json").isAdmin), 200);
}

export async function grant(c: Context<SignedInEnv, string, JsonInput<typeof grantCreditsRequestSchema>>) {
  return c.json(await grantCredits(c.var.signedIn.claims, userId(c), c.req.valid("json")), 201);
}

export async function throttle(c: Context<SignedInEnv, string, JsonInput<typeof throttleRequestSchema>>) {
  return c.json(await setThrottle(c.var.signedIn.claims, userId(c), c.req.valid("json")), 200);
}

export async function suspend(c: Context<SignedInEnv, string, JsonInput<typeof suspensionRequestSchema>>) {
  return c.json(await suspendUser(c.var.signedIn.claims, userId(c), c.req.valid("json")), 200);
}

export async function unsuspend(c: Context<SignedInEnv>) {
  return c.json(await unsuspendUser(c.var.signedIn.claims, userId(c)), 200);
}
