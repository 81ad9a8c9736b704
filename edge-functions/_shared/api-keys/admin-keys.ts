// The admin's view of every key (the api-management screen): a page of keys with their owners and today's calls, the
// platform's busiest keys today, and the two audited actions, revoke and rate limit. Everything runs as the signed-in
// admin: RLS lets admins read every key, and the actions are private.admin_* functions that check the admin and write
// the audit row in the same transaction.
import type { z } from "zod";
import type { AccessTokenClaims } from "../auth/index.ts";
import { asUser, type UserSql } from "../db/as-user.ts";
import { likePattern } from "../db/like-pattern.ts";
import { DomainError } from "../errors.ts";
import {
  type AdminApiKey,
  type AdminApiKeyPage,
  type adminApiKeysQuerySchema,
  type AdminRateLimitRequest,
  apiKeyOwnerSchema,
} from "./contract.ts";
import { apiKeyFromRow, apiKeySelection } from "./key-rows.ts";
import { sendRevokedKeyNotice } from "./notices.ts";
import { apiKeyRefusals } from "./refusals.ts";

/** The busiest keys today shown beside the page. */
const TOP_TODAY = 10;

async function asKeysAdmin<T>(claims: AccessTokenClaims, work: (sql: UserSql) => Promise<T>): Promise<T> {
  return await apiKeyRefusals(() => asUser(claims, work));
}

/**
 * Keys with their status, owner and today's (UTC) calls as folded so far, as one relation to filter and order. The
 * owner's name is their full name, or their username when they gave none.
 */
function adminKeys(sql: UserSql) {
  return sql`
    with keys as (select ${apiKeySelection(sql)}, user_id from public.api_keys)
    select keys.*,
           coalesce(today.requests, 0)::integer as requests_today,
           p.email as owner_email,
           coalesce(nullif(concat_ws(' ', p.first_name, p.last_name), ''), p.username) as owner_name
    from keys
    join public.profiles as p on p.id = keys.user_id
    left join public.api_key_usage as today
      on today.key_id = keys.id and today.day = (now() at time zone 'UTC')::date
  `;
}

function adminKeyFromRow(row: Record<string, unknown>): AdminApiKey {
  return {
    ...apiKeyFromRow(row),
    owner: apiKeyOwnerSchema.parse({ id: row.user_id, email: row.owner_email ?? "", name: row.owner_name }),
    requestsToday: Number(row.requests_today),
  };
}

/** GET /api/admin/api-keys: newest first; q matches the key's name or prefix, or the owner's email or name. */
export async function listAdminApiKeys(
  claims: AccessTokenClaims,
  query: z.output<typeof adminApiKeysQuerySchema>,
): Promise<AdminApiKeyPage> {
  const pattern = query.q ? likePattern(query.q) : null;
  const [rows, top] = await asKeysAdmin(claims, async (sql) => [
    await sql`
      select *, count(*) over () as total_count from (${adminKeys(sql)}) as k
      where (${query.status ?? null}::text is null or k.status = ${query.status ?? null})
        and (${pattern}::text is null
             or k.key_name ilike ${pattern} or k.key_prefix ilike ${pattern}
             or k.owner_email ilike ${pattern} or k.owner_name ilike ${pattern})
      order by k.created_at desc, k.id
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}
    `,
    await sql`
      select * from (${adminKeys(sql)}) as k where k.requests_today > 0
      order by k.requests_today desc, k.id limit ${TOP_TODAY}
    `,
  ]);
  return {
    keys: rows.map(adminKeyFromRow),
    total: Number(rows[0]?.total_count ?? 0),
    page: query.page,
    pageSize: query.pageSize,
    topToday: top.map(adminKeyFromRow),
  };
}

async function adminKey(sql: UserSql, id: string): Promise<AdminApiKey> {
  const [row] = await sql`select * from (${adminKeys(sql)}) as k where k.id = ${id}`;
  if (!row) throw new DomainError("api_key_not_found");
  return adminKeyFromRow(row);
}

/**
 * POST /api/admin/api-keys/{id}/revoke: the key stops working at once and its owner is emailed, unless it was revoked
 * already (nothing changed, nobody is told twice) or the admin revoked their own key.
 */
export async function adminRevokeApiKey(claims: AccessTokenClaims, id: string): Promise<AdminApiKey> {
  const { key, wasActive } = await asKeysAdmin(claims, async (sql) => {
    // Locked, so of two admins revoking at once exactly one sees the key unrevoked and sends the email.
    const [before] = await sql<{ revoked: boolean }[]>`
      select revoked_at is not null as revoked from public.api_keys where id = ${id} for update
    `;
    if (!before) throw new DomainError("api_key_not_found");
    await sql`select private.admin_revoke_api_key(${id}::uuid)`;
    return { key: await adminKey(sql, id), wasActive: !before.revoked };
  });
  // Sent once the revocation committed: an email about a revocation rolled back would be false.
  if (wasActive && key.owner.id !== claims.sub) {
    await sendRevokedKeyNotice({ to: key.owner.email, keyName: key.keyName, keyPrefix: key.keyPrefix });
  }
  return key;
}

/** PATCH /api/admin/api-keys/{id}: the key's calls per minute, from its next call. */
export async function adminSetApiKeyRateLimit(
  claims: AccessTokenClaims,
  id: string,
  input: AdminRateLimitRequest,
): Promise<AdminApiKey> {
  return await asKeysAdmin(claims, async (sql) => {
    await sql`select private.admin_set_api_key_rate_limit(${id}::uuid, ${input.rateLimit})`;
    return await adminKey(sql, id);
  });
}
