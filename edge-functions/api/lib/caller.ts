// Who is calling, decided once per request, and whether they may go on. A request whose bearer token names a user is
// admitted by the limiter before any route runs: refused while the account is suspended, past its throttle, or past
// the per-minute limit of the action the route performs. Routes then read the caller: requireUser where only users
// may call, signedInOrNull (lib/visitor.ts) where anyone may.
import type { Context, MiddlewareHandler } from "hono";
import { type SignedIn, verifyAccessToken } from "../../_shared/auth/index.ts";
import { DomainError } from "../../_shared/errors.ts";
import { type Admission, admitUserRequest, type LimitedAction } from "../../_shared/rate-limits/index.ts";
import { bearerToken } from "./bearer.ts";
import { setRateLimitHeaders } from "./rate-limit-headers.ts";

/** The signed-in user behind the request, or null for a visitor (no token, the anon key, a lapsed token). */
export type CallerEnv = { Variables: { caller: SignedIn | null } };

/**
 * Names the caller without admitting them: for signing out, which a suspended or throttled user must always be able to
 * do. Registered before the app-wide admission, which then finds the caller decided and passes.
 */
export const identifyCaller: MiddlewareHandler<CallerEnv> = async (c, next) => {
  if (c.var.caller === undefined) await identify(c);
  await next();
};

async function identify(c: Context<CallerEnv>): Promise<SignedIn | null> {
  const token = bearerToken(c.req.header("authorization"));
  const caller = token ? await verifyAccessToken(token) : null;
  c.set("caller", caller);
  return caller;
}

/**
 * Admits the caller, counting `action` against its own limit. Registered app-wide without an action, and before that
 * on the paths of the actions that have limits of their own; the first to run admits, the rest pass.
 */
export function admitCaller(action: LimitedAction | null = null): MiddlewareHandler<CallerEnv> {
  return async (c, next) => {
    if (c.var.caller !== undefined) return await next();
    const caller = await identify(c);
    if (caller) {
      const admission = await admitUserRequest(caller.userId, action);
      if (!admission.admitted) throw refusal(admission);
      if (admission.decision) setRateLimitHeaders(c, admission.decision);
    }
    await next();
  };
}

const REFUSAL_TEXT: Record<"throttle" | LimitedAction, (limit: number) => string> = {
  throttle: (limit) =>
    limit === 0
      ? "Requests from your account are paused."
      : `Too many requests: your account may make ${limit} a minute.`,
  validation: (limit) => `Too many validations: at most ${limit} a minute.`,
  exploration: (limit) => `Too many explorations: at most ${limit} a minute.`,
};

export function refusal(admission: Exclude<Admission, { admitted: true }>): DomainError {
  if ("suspendedUntil" in admission) {
    const { suspendedUntil: until, suspensionReason: reason } = admission;
    return new DomainError("account_suspended", { until, reason });
  }
  const { decision, refusedBy } = admission;
  return new DomainError("rate_limited", { decision, what: REFUSAL_TEXT[refusedBy](decision.limit) });
}
