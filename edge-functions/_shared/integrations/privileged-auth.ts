// The key check and the call log (private.authenticate_api_key, private.record_api_key_call), on the api's own
// connection: no API role may read a key's hash or the log. One round trip decides a call: the key's state, its
// owner, and the limiter's count (the key's minute, the owner's admission, or the client's failed attempts).
import { database } from "../db/pool.ts";
import type { LimitedAction, RateLimitDecision } from "../rate-limits/index.ts";

const KEY_OUTCOMES = [
  "ok",
  "invalid",
  "revoked",
  "expired",
  "suspended",
  "throttled",
  "rate_limited",
  "key_rate_limited",
  "failures_limited",
] as const;
export type KeyOutcome = (typeof KEY_OUTCOMES)[number];

export interface ApiKeyHolder {
  keyId: string;
  userId: string;
  keyName: string;
  rateLimit: number;
}

export interface KeyAuthentication {
  outcome: KeyOutcome;
  /** The key, when one was recognised (its state aside); null for an unknown or malformed key. */
  holder: ApiKeyHolder | null;
  /** The limiter row that decided: the key's minute for an ok call, else the refusing or failure counter. */
  decision: RateLimitDecision | null;
  suspension: { until: Date; reason: string | null } | null;
}

interface AuthenticationRow {
  outcome: KeyOutcome;
  key_id: string | null;
  user_id: string | null;
  key_name: string | null;
  rate_limit: number | null;
  allowed: boolean | null;
  max_hits: number | null;
  remaining: number | null;
  reset_seconds: number | null;
  suspended_until: Date | null;
  suspension_reason: string | null;
}

/**
 * Checks a key by its hash and counts the call. `keyHash` null is a key refused before any lookup (malformed, a bad
 * checksum): only counted as a failure of `clientIp`.
 */
export async function authenticateApiKey(
  keyHash: string | null,
  clientIp: string,
  action: LimitedAction | null,
): Promise<KeyAuthentication> {
  const [row] = await database()<AuthenticationRow[]>`
    select * from private.authenticate_api_key(${keyHash}, ${clientIp}, ${action})
  `;
  if (!row) throw new Error("The API key check answered no row");
  return {
    outcome: row.outcome,
    holder: row.key_id && row.user_id
      ? { keyId: row.key_id, userId: row.user_id, keyName: row.key_name ?? "", rateLimit: row.rate_limit ?? 0 }
      : null,
    decision: row.max_hits === null
      ? null
      : {
        allowed: row.allowed ?? false,
        limit: row.max_hits,
        remaining: row.remaining ?? 0,
        resetSeconds: row.reset_seconds ?? 0,
      },
    suspension: row.suspended_until ? { until: row.suspended_until, reason: row.suspension_reason } : null,
  };
}

/** Logs one answered call of a recognised key: folded into its usage once a minute, so no call writes the key's row. */
export async function recordApiKeyCall(keyId: string, emails: number, status: number): Promise<void> {
  await database()`select private.record_api_key_call(${keyId}, ${emails}, ${status})`;
}
