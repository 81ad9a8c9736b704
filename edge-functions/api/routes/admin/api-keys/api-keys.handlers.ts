// The admin's view of every API key over HTTP: each handler takes validated input, calls the api-keys feature, answers.
import type { Context } from "hono";
import {
  type adminRateLimitRequestSchema,
  adminRevokeApiKey,
  type adminApiKeysQuerySchema,
  adminSetApiKeyRateLimit,
  listAdminApiKeys,
} from "../../../../_shared/api-keys/index.ts";
import type { JsonInput } from "../../../lib/json-body.ts";
import { pathUuid } from "../../../lib/path-id.ts";
import type { QueryInput } from "../../../lib/query-params.ts";
import type { SignedInEnv } from "../../../lib/require-user.ts";

const keyId = (c: Context) => pathUuid(c.req.param("id"), "api_key_not_found");

export async function list(c: Context<SignedInEnv, string, QueryInput<typeof adminApiKeysQuerySchema>>) {
  return c.json(await listAdminApiKeys(c.var.signedIn.claims, c.req.valid("query")), 200);
}

/** Revoking a revoked key answers 200 with it as it is; its owner is emailed only the first time. */
export async function revoke(c: Context<SignedInEnv>) {
  return c.json(await adminRevokeApiKey(c.var.signedIn.claims, keyId(c)), 200);
}

export async function rateLimit(c: Context<SignedInEnv, string, JsonInput<typeof adminRateLimitRequestSchema>>) {
  return c.json(await adminSetApiKeyRateLimit(c.var.signedIn.claims, keyId(c), c.req.valid("json")), 200);
}
