// What a visitor's standing this month means for the API: how many validations are left, whether to ask them to
// register, and whether their discount can still be offered. Pure functions over what the database counted.
import type { AnonymousSession, LimitReached } from "./contract.ts";
import type { AnonymousStanding } from "./privileged.ts";
import { inWords, type RateLimitDecision } from "../rate-limits/index.ts";

export type DiscountState = "none" | "active" | "expired" | "redeemed";

export function discountState(standing: AnonymousStanding, now: Date): DiscountState {
  if (!standing.discountCode || !standing.discountExpiry) return "none";
  if (standing.discountRedeemedAt) return "redeemed";
  return standing.discountExpiry.getTime() > now.getTime() ? "active" : "expired";
}

/**
 * The allowance as one visitor experiences it. With a session, the session's limit is the scale, and what is left is
 * the smaller of what the session and its network have left; validationsUsed is the limit minus that, so "X of Y used"
 * never reads as room that isn't there (a fresh session on a network that used its allowance has used 10 of 10).
 * Without a session the network's allowance is all there is.
 */
export function allowanceOf(standing: AnonymousStanding, networkMonthlyLimit: number) {
  const networkLeft = Math.max(0, networkMonthlyLimit - standing.networkValidationsUsed);
  if (standing.validationsUsed === null || standing.freeLimit === null) {
    return { validationsUsed: networkMonthlyLimit - networkLeft, freeLimit: networkMonthlyLimit, remaining: networkLeft };
  }
  const sessionLeft = Math.max(0, standing.freeLimit - standing.validationsUsed);
  const remaining = Math.min(sessionLeft, networkLeft);
  return { validationsUsed: standing.freeLimit - remaining, freeLimit: standing.freeLimit, remaining };
}

export function needsRegistration(standing: AnonymousStanding, networkMonthlyLimit: number): boolean {
  return allowanceOf(standing, networkMonthlyLimit).remaining === 0;
}

/**
 * The session as GET /api/anonymous/session, check-limits and update-usage answer it. `discountOffered` is false while
 * an admin has the discount offer switched off: then no code is shown, whether or not the session holds one.
 */
export function describeSession(
  standing: AnonymousStanding & { sessionId: string },
  networkMonthlyLimit: number,
  now: Date,
  discountOffered: boolean,
): AnonymousSession {
  const allowance = allowanceOf(standing, networkMonthlyLimit);
  const mustRegister = allowance.remaining === 0;
  const discount = discountOffered ? discountState(standing, now) : "withdrawn";
  const active = discount === "active";
  return {
    sessionId: standing.sessionId,
    ...allowance,
    needsRegistration: mustRegister,
    discountCode: active ? standing.discountCode : null,
    // The offer is shown to a visitor who must register, while their one code is still to come or still valid.
    discountEligible: mustRegister && (discount === "none" || active),
    discountExpiresAt: active ? standing.discountExpiry!.toISOString() : null,
  };
}

/** Seconds from `now` until the allowance starts again: the first of next month, UTC. */
export function secondsUntilNextMonth(now: Date): number {
  return Math.ceil((Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - now.getTime()) / 1000);
}

/** The refusal of a validation past the allowance, and the limiter's view of it for the RateLimit headers. */
export function limitReached(
  standing: AnonymousStanding,
  networkMonthlyLimit: number,
  now: Date,
): { refusal: LimitReached; decision: RateLimitDecision } {
  const { validationsUsed, freeLimit } = allowanceOf(standing, networkMonthlyLimit);
  const resetSeconds = secondsUntilNextMonth(now);
  return {
    refusal: {
      message: `You have used ${validationsUsed} of ${freeLimit} free validations this month. ` +
        `Sign up to keep validating, or try again ${inWords(resetSeconds)}.`,
      needsRegistration: true,
      validationsUsed,
      freeLimit,
    },
    decision: { allowed: false, limit: freeLimit, remaining: 0, resetSeconds },
  };
}
