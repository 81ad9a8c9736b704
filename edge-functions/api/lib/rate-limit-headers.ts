// The headers of a rate-limited answer: the IETF draft's RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset (delta
// seconds) on every answer a limit applied to, and Retry-After on a refusal.
import type { Context } from "hono";
import type { RateLimitDecision } from "../../_shared/rate-limits/index.ts";

/** Response headers browsers must let the SPA read across origins (the CORS middleware exposes them). */
export const RATE_LIMIT_HEADERS = ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset", "Retry-After"];

export function setRateLimitHeaders(c: Context, decision: RateLimitDecision): void {
  c.header("RateLimit-Limit", String(decision.limit));
  c.header("RateLimit-Remaining", String(decision.remaining));
  c.header("RateLimit-Reset", String(decision.resetSeconds));
  if (!decision.allowed) c.header("Retry-After", String(decision.resetSeconds));
}
