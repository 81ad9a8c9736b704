// What the API keys' tests share: making a key through the API as its owner, and reading the stored row as the
// database has it (what no API role may read: the hash).
import assert from "node:assert/strict";
import { type CreatedApiKey, createdApiKeySchema } from "../../_shared/api-keys/index.ts";
import { call, withDatabase } from "./stack.ts";

export interface KeyOwner {
  id: string;
  token: string;
}

/** POST /api/api-keys as the owner: the key and its secret (201). */
export async function createKey(owner: KeyOwner, body: Record<string, unknown>): Promise<CreatedApiKey> {
  const response = await call("/api/api-keys", { token: owner.token, body });
  assert.equal(response.status, 201, response.text);
  return createdApiKeySchema.parse(response.json);
}

/** The key's hash as stored. */
export async function storedHash(keyId: string): Promise<string | undefined> {
  const [row] = await withDatabase((sql) => sql<{ key_hash: string }[]>`
    select key_hash from public.api_keys where id = ${keyId}
  `);
  return row?.key_hash;
}

/** Sets a key's counted calls for a day (UTC, days ago), as the fold of the calls' log would. */
export async function setUsage(
  key: { id: string },
  ownerId: string,
  daysAgo: number,
  counts: { requests: number; emails: number; errors: number },
): Promise<void> {
  await withDatabase((sql) => sql`
    insert into public.api_key_usage (key_id, user_id, day, requests, emails, errors)
    values (
      ${key.id}, ${ownerId}, (now() at time zone 'UTC')::date - ${daysAgo}::integer,
      ${counts.requests}, ${counts.emails}, ${counts.errors}
    )
    on conflict (key_id, day) do update
      set requests = excluded.requests, emails = excluded.emails, errors = excluded.errors
  `);
}
