// Rows of api_keys as the API shows them: the one place that turns the database's snake_case into the contract's
// camelCase. The hash is never among the columns: no API role may read it, so naming it would be refused.
import { z } from "zod";
import type { UserSql } from "../db/as-user.ts";
import type { Tables } from "../database.types.ts";
import { type ApiKey, apiKeyStatusSchema } from "./contract.ts";

/** The columns the API reads, checked against the generated types so a renamed column fails `deno check`. */
const apiKeyRowSchema = z.object({
  id: z.string(),
  key_name: z.string(),
  key_prefix: z.string(),
  rate_limit: z.number(),
  usage_count: z.union([z.string(), z.number(), z.bigint()]).transform((value) => Number(value)),
  last_used_at: z.date().nullable(),
  expires_at: z.date().nullable(),
  revoked_at: z.date().nullable(),
  replaced_by: z.string().nullable(),
  created_at: z.date(),
} satisfies Partial<Record<keyof Tables<"api_keys">, z.ZodType>>);
const apiKeyColumns = Object.keys(apiKeyRowSchema.shape);

/**
 * The key's columns and its status, as a select list over public.api_keys. Revoked wins over expired; a key replaced
 * by a rotation is active until its grace period (its expires_at) ends, which the contract's replacedBy says.
 */
export function apiKeySelection(sql: UserSql) {
  return sql`
    ${sql(apiKeyColumns)},
    case when revoked_at is not null then 'revoked' when expires_at <= now() then 'expired' else 'active' end as status
  `;
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

export function apiKeyFromRow(row: unknown): ApiKey {
  const key = apiKeyRowSchema.extend({ status: apiKeyStatusSchema }).parse(row);
  return {
    id: key.id,
    keyName: key.key_name,
    keyPrefix: key.key_prefix,
    rateLimit: key.rate_limit,
    usageCount: key.usage_count,
    lastUsedAt: iso(key.last_used_at),
    expiresAt: iso(key.expires_at),
    revokedAt: iso(key.revoked_at),
    replacedBy: key.replaced_by,
    status: key.status,
    createdAt: key.created_at.toISOString(),
  };
}
