// A signed-in person's own API keys, read and changed as that person (RLS decides; every query also names the owner,
// since an admin's rights would otherwise show everyone's keys here). Keys are made and rotated only by the database's
// functions, which draw the secret there and keep its hash: the secret is answered once, from their result.
import type { z } from "zod";
import type { AccessTokenClaims } from "../auth/index.ts";
import { asUser, type UserSql } from "../db/as-user.ts";
import { DomainError } from "../errors.ts";
import {
  type ApiKey,
  type ApiKeyUsage,
  API_KEY_USAGE_DAYS,
  type apiKeyUsageQuerySchema,
  type CreatedApiKey,
  type createApiKeyRequestSchema,
  type renameApiKeyRequestSchema,
  type rotateApiKeyRequestSchema,
} from "./contract.ts";
import { apiKeyFromRow, apiKeySelection } from "./key-rows.ts";
import { apiKeyRefusals } from "./refusals.ts";

async function asKeyOwner<T>(claims: AccessTokenClaims, work: (sql: UserSql) => Promise<T>): Promise<T> {
  return await apiKeyRefusals(() => asUser(claims, work));
}

/** One of the caller's keys; another person's or an unknown id is not found alike. */
async function ownKey(sql: UserSql, claims: AccessTokenClaims, id: string): Promise<ApiKey> {
  const [row] = await sql`
    select ${apiKeySelection(sql)} from public.api_keys where id = ${id} and user_id = ${claims.sub}
  `;
  if (!row) throw new DomainError("api_key_not_found");
  return apiKeyFromRow(row);
}

/** GET /api/api-keys: newest first, revoked and expired ones too (the owner sees what stopped working). */
export async function listApiKeys(claims: AccessTokenClaims): Promise<ApiKey[]> {
  const rows = await asKeyOwner(claims, (sql) => sql`
    select ${apiKeySelection(sql)} from public.api_keys where user_id = ${claims.sub} order by created_at desc, id
  `);
  return rows.map(apiKeyFromRow);
}

/** The new key with its secret, made in the database (private.create_api_key, private.rotate_api_key). */
async function madeKey(sql: UserSql, claims: AccessTokenClaims, made: { id: string; secret: string } | undefined) {
  if (!made) throw new Error("The database made no key");
  return { key: await ownKey(sql, claims, made.id), secret: made.secret };
}

/** POST /api/api-keys: at most API_KEYS_ACTIVE_MAX active keys; an expiry in the past is refused. */
export async function createApiKey(
  claims: AccessTokenClaims,
  input: z.output<typeof createApiKeyRequestSchema>,
): Promise<CreatedApiKey> {
  return await asKeyOwner(claims, async (sql) => {
    const [made] = await sql<{ id: string; secret: string }[]>`
      select id, secret from private.create_api_key(${input.keyName}, ${input.expiresAt ?? null}::timestamptz)
    `;
    return await madeKey(sql, claims, made);
  });
}

/** PATCH /api/api-keys/{id}: a revoked key may be renamed too, to tell it from its successor. */
export async function renameApiKey(
  claims: AccessTokenClaims,
  id: string,
  input: z.output<typeof renameApiKeyRequestSchema>,
): Promise<ApiKey> {
  const [row] = await asKeyOwner(claims, (sql) => sql`
    update public.api_keys set key_name = ${input.keyName} where id = ${id} and user_id = ${claims.sub}
    returning ${apiKeySelection(sql)}
  `);
  if (!row) throw new DomainError("api_key_not_found");
  return apiKeyFromRow(row);
}

/** POST /api/api-keys/{id}/rotate: a new key of the same name and limit; the old one works for graceHours more. */
export async function rotateApiKey(
  claims: AccessTokenClaims,
  id: string,
  input: z.output<typeof rotateApiKeyRequestSchema>,
): Promise<CreatedApiKey> {
  return await asKeyOwner(claims, async (sql) => {
    const [made] = await sql<{ id: string; secret: string }[]>`
      select id, secret from private.rotate_api_key(${id}::uuid, ${input.graceHours})
    `;
    return await madeKey(sql, claims, made);
  });
}

/**
 * DELETE /api/api-keys/{id}: the key stops working at once. Revoking a revoked key changes nothing and succeeds, so a
 * retried request is answered as the first was.
 */
export async function revokeApiKey(claims: AccessTokenClaims, id: string): Promise<void> {
  await asKeyOwner(claims, async (sql) => {
    const revoked = await sql`
      update public.api_keys set revoked_at = now() where id = ${id} and user_id = ${claims.sub} and revoked_at is null
      returning id
    `;
    if (revoked.length === 0) await ownKey(sql, claims, id);
  });
}

/**
 * GET /api/api-keys/usage: API_KEY_USAGE_DAYS days up to today (UTC), oldest first, for one key or all the caller's
 * keys together; a day without calls is zeros, so a chart has every bar.
 */
export async function apiKeyUsage(
  claims: AccessTokenClaims,
  query: z.output<typeof apiKeyUsageQuerySchema>,
): Promise<ApiKeyUsage> {
  const keyId = query.keyId?.toLowerCase() ?? null;
  const rows = await asKeyOwner(claims, async (sql) => {
    if (keyId) await ownKey(sql, claims, keyId);
    return await sql<{ day: string; requests: number; emails: number; errors: number }[]>`
      select to_char(d.day, 'YYYY-MM-DD') as day,
             coalesce(sum(u.requests), 0)::integer as requests,
             coalesce(sum(u.emails), 0)::integer as emails,
             coalesce(sum(u.errors), 0)::integer as errors
      from generate_series(
             (now() at time zone 'UTC')::date - ${API_KEY_USAGE_DAYS - 1}::integer,
             (now() at time zone 'UTC')::date,
             interval '1 day'
           ) as d(day)
           left join public.api_key_usage as u
             on u.day = d.day::date and u.user_id = ${claims.sub} and (${keyId}::uuid is null or u.key_id = ${keyId}::uuid)
      group by d.day
      order by d.day
    `;
  });
  return { keyId, days: rows.map(({ day, requests, emails, errors }) => ({ day, requests, emails, errors })) };
}
