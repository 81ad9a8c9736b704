// The owner's API keys over HTTP: each handler takes validated input, calls the api-keys feature, and answers.
import type { Context } from "hono";
import {
  apiKeyUsage,
  type apiKeyUsageQuerySchema,
  createApiKey,
  type createApiKeyRequestSchema,
  listApiKeys,
  renameApiKey,
  type renameApiKeyRequestSchema,
  revokeApiKey,
  rotateApiKey,
  type rotateApiKeyRequestSchema,
} from "../../../_shared/api-keys/index.ts";
import type { JsonInput } from "../../lib/json-body.ts";
import { pathUuid } from "../../lib/path-id.ts";
import type { QueryInput } from "../../lib/query-params.ts";
import type { SignedInEnv } from "../../lib/require-user.ts";

const keyId = (c: Context) => pathUuid(c.req.param("id"), "api_key_not_found");

export async function list(c: Context<SignedInEnv>) {
  return c.json(await listApiKeys(c.var.signedIn.claims), 200);
}

export async function create(c: Context<SignedInEnv, string, JsonInput<typeof createApiKeyRequestSchema>>) {
  return c.json(await createApiKey(c.var.signedIn.claims, c.req.valid("json")), 201);
}

export async function usage(c: Context<SignedInEnv, string, QueryInput<typeof apiKeyUsageQuerySchema>>) {
  return c.json(await apiKeyUsage(c.var.signedIn.claims, c.req.valid("query")), 200);
}

export async function rename(c: Context<SignedInEnv, string, JsonInput<typeof renameApiKeyRequestSchema>>) {
  return c.json(await renameApiKey(c.var.signedIn.claims, keyId(c), c.req.valid("json")), 200);
}

export async function rotate(c: Context<SignedInEnv, string, JsonInput<typeof rotateApiKeyRequestSchema>>) {
  return c.json(await rotateApiKey(c.var.signedIn.claims, keyId(c), c.req.valid("json")), 200);
}

/** Revoking a revoked key answers 204 as the first time did. */
export async function revoke(c: Context<SignedInEnv>) {
  await revokeApiKey(c.var.signedIn.claims, keyId(c));
  return c.body(null, 204);
}
