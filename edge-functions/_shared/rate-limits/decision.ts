// What the limiter decided, and the failures domain code throws when a caller must wait or may not ask at all. The
// api answers them (429 with Retry-After and the RateLimit headers; 403 for a suspended account); this module knows
// nothing of HTTP.

export interface RateLimitDecision {
  allowed: boolean;
  /** The window's limit. */
  limit: number;
  /** Hits left in the window after this one. */
  remaining: number;
  /** Seconds until the window starts again: when to try again after a refusal. */
  resetSeconds: number;
}

/** A caller asked too often; `message` says when to try again in words. */
export class RateLimitedError extends Error {
  constructor(readonly decision: RateLimitDecision, what: string) {
    super(`${what} Please try again ${inWords(decision.resetSeconds)}.`);
    this.name = "RateLimitedError";
  }
}

/** A suspended account asked for anything. */
export class AccountSuspendedError extends Error {
  constructor(readonly until: Date, readonly reason: string | null) {
    super(
      `Your account is suspended until ${until.toISOString().slice(0, 16).replace("T", " ")} UTC` +
        (reason ? `: ${reason}` : "."),
    );
    this.name = "AccountSuspendedError";
  }
}

const relativeTime = new Intl.RelativeTimeFormat("en", { numeric: "always" });

/** "in 42 seconds", "in 3 minutes", "in 2 hours", "in 6 days": rounded up, so the caller never comes back too early. */
export function inWords(seconds: number): string {
  if (seconds < 60) return relativeTime.format(Math.max(1, Math.ceil(seconds)), "second");
  if (seconds < 60 * 60) return relativeTime.format(Math.ceil(seconds / 60), "minute");
  if (seconds < 48 * 60 * 60) return relativeTime.format(Math.ceil(seconds / 3600), "hour");
  return relativeTime.format(Math.ceil(seconds / 86400), "day");
}
