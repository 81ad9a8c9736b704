// Failed sign-ins lock an identifier or a client network for a while (the counters are in accounts/privileged.ts).
import { DomainError } from "../errors.ts";
import type { RateLimitDecision } from "../rate-limits/index.ts";
import { readSignInRefusal, type SignInRefusal } from "./privileged.ts";

export { clearSignInFailures, recordSignInFailure } from "./privileged.ts";

const REFUSAL_TEXT: Record<SignInRefusal["refused_by"], string> = {
  identifier: "Too many failed sign-ins with this username or email address.",
  network: "Too many failed sign-ins from your network.",
};

/** Throws DomainError "rate_limited" while the identifier or the client's network is locked, whatever the password. */
export async function refuseWhileLocked(identifier: string, clientIp: string | null): Promise<void> {
  const row = await readSignInRefusal(identifier, clientIp);
  if (!row) return;
  const decision: RateLimitDecision = {
    allowed: false,
    limit: row.max_hits,
    remaining: 0,
    resetSeconds: row.reset_seconds,
  };
  throw new DomainError("rate_limited", { decision, what: REFUSAL_TEXT[row.refused_by] });
}
