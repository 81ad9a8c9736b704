// Failed sign-ins, counted per submitted identifier and per client network by the SQL functions of migration
// *_sign_in_throttle.sql on the one limiter. They run on the api's own connection: the counters are closed to every
// API role. Like db/privileged.ts, a module that reaches past RLS; it does nothing else.
import { database } from "../db/pool.ts";
import { DomainError } from "../errors.ts";
import type { RateLimitDecision } from "../rate-limits/index.ts";

interface RefusalRow {
  refused_by: "identifier" | "network";
  max_hits: number;
  reset_seconds: number;
}

const REFUSAL_TEXT: Record<RefusalRow["refused_by"], string> = {
  identifier: "Too many failed sign-ins with this username or email address.",
  network: "Too many failed sign-ins from your network.",
};

/** Throws DomainError "rate_limited" while the identifier or the client's network is locked, whatever the password. */
export async function refuseWhileLocked(identifier: string, clientIp: string | null): Promise<void> {
  const [row] = await database()<RefusalRow[]>`
    select * from private.sign_in_refusal(${identifier}, ${clientIp})
  `;
  if (!row) return;
  const decision: RateLimitDecision = {
    allowed: false,
    limit: row.max_hits,
    remaining: 0,
    resetSeconds: row.reset_seconds,
  };
  throw new DomainError("rate_limited", { decision, what: REFUSAL_TEXT[row.refused_by] });
}

/** Counts a failed sign-in against the identifier and the client's network (locking either that reaches its limit). */
export async function recordSignInFailure(identifier: string, clientIp: string | null): Promise<void> {
  await database()`select private.record_sign_in_failure(${identifier}, ${clientIp})`;
}

/** Forgets the identifier's failures once someone signed in with it. */
export async function clearSignInFailures(identifier: string): Promise<void> {
  await database()`select private.clear_sign_in_failures(${identifier})`;
}
