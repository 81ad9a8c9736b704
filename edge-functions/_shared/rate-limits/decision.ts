// What the limiter decided. A refusal is thrown as DomainError "rate_limited" with the decision, which the api answers
// with 429, Retry-After and the RateLimit headers; this module knows nothing of HTTP.

export interface RateLimitDecision {
  allowed: boolean;
  /** The window's limit. */
  limit: number;
  /** Hits left in the window after this one. */
  remaining: number;
  /** Seconds until the window starts again: when to try again after a refusal. */
  resetSeconds: number;
}

const relativeTime = new Intl.RelativeTimeFormat("en", { numeric: "always" });

/** "in 42 seconds", "in 3 minutes", "in 2 hours", "in 6 days": rounded up, so the caller never comes back too early. */
export function inWords(seconds: number): string {
  if (seconds < 60) return relativeTime.format(Math.max(1, Math.ceil(seconds)), "second");
  if (seconds < 60 * 60) return relativeTime.format(Math.ceil(seconds / 60), "minute");
  if (seconds < 48 * 60 * 60) return relativeTime.format(Math.ceil(seconds / 3600), "hour");
  return relativeTime.format(Math.ceil(seconds / 86400), "day");
}
