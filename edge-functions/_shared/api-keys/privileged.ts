// The API keys' work past RLS, on the functions' own connection: the expiry notices worker claims the keys whose owner
// is to be told (it acts for no signed-in user) and gives back a notice it could not send. Everything an owner or an
// admin asks for runs as them instead (keys.ts, admin-keys.ts).
import { database } from "../db/pool.ts";

export interface ExpiryNotice {
  keyId: string;
  keyName: string;
  keyPrefix: string;
  expiresAt: Date;
  /** The owner's address. */
  to: string;
}

/** private.claim_api_key_expiry_notices: up to `limit` keys expiring within `days`, each marked told as it is claimed. */
export async function claimExpiryNotices(days: number, limit: number): Promise<ExpiryNotice[]> {
  const rows = await database()<
    { key_id: string; key_name: string; key_prefix: string; expires_at: Date; email: string }[]
  >`select key_id, key_name, key_prefix, expires_at, email from private.claim_api_key_expiry_notices(${days}, ${limit})`;
  return rows.map((row) => ({
    keyId: row.key_id,
    keyName: row.key_name,
    keyPrefix: row.key_prefix,
    expiresAt: row.expires_at,
    to: row.email,
  }));
}

/** private.release_api_key_expiry_notice: the key's owner was not told after all; the next run tries again. */
export async function releaseExpiryNotice(keyId: string): Promise<void> {
  await database()`select private.release_api_key_expiry_notice(${keyId}::uuid)`;
}
