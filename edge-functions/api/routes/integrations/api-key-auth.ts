// Who is calling the public API: the holder of an API key, checked in one round trip (private.authenticate_api_key)
// that also counts the call against the key's own minute, the owner's admission and, for a failed attempt, the
// client's network. A key is read from `Authorization: Bearer` or X-API-Key only, and a sign-in token is refused
// without asking Auth: the sub-app never sends a bearer value anywhere. A key refused by its own shape (prefix,
// length, alphabet, checksum) is not looked up, but still counts as a failed attempt of the client.
//
// Every answer carries the deciding limiter's X-RateLimit-* and RateLimit-* headers; each call of a recognised key is
// logged once, with its answer's status (refusals included), for the key's usage.
import type { Context, MiddlewareHandler } from "hono";
import { clientAddressFrom } from "../../../_shared/anonymous/index.ts";
import { apiKeyHash, isWellFormedApiKey } from "../../../_shared/api-keys/index.ts";
import { DomainError } from "../../../_shared/errors.ts";
import {
  API_KEY_EXPIRED_MESSAGE,
  API_KEY_HEADER,
  API_KEY_IN_QUERY_MESSAGE,
  API_KEY_INVALID_MESSAGE,
  API_KEY_MISSING_MESSAGE,
  API_KEY_REVOKED_MESSAGE,
  USE_AN_API_KEY_MESSAGE,
} from "../../../_shared/integrations/index.ts";
import {
  authenticateApiKey,
  type KeyAuthentication,
  keyOwner,
  presentedKey,
  recordApiKeyCall,
} from "../../../_shared/integrations/index.ts";
import type { LimitedAction, RateLimitDecision } from "../../../_shared/rate-limits/index.ts";
import { bearerToken } from "../../lib/bearer.ts";
import { refusal } from "../../lib/caller.ts";
import { setRateLimitHeaders } from "../../lib/rate-limit-headers.ts";
import { IntegrationsRefusal } from "./integrations-errors.ts";
import type { IntegrationsEnv } from "./integrations-env.ts";

/** The rate-limit headers of the public API, beside the IETF draft's RateLimit-* (set too). */
export const X_RATE_LIMIT_HEADERS = ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"] as const;

/** Describes the deciding limit: X-RateLimit-Reset is when its window starts again, in Unix seconds. */
export function setKeyRateLimitHeaders(c: Context, decision: RateLimitDecision, nowMs = Date.now()): void {
  setRateLimitHeaders(c, decision);
  c.header("X-RateLimit-Limit", String(decision.limit));
  c.header("X-RateLimit-Remaining", String(decision.remaining));
  c.header("X-RateLimit-Reset", String(Math.ceil(nowMs / 1000) + decision.resetSeconds));
}

function unauthorized(code: string, message: string): IntegrationsRefusal {
  return new IntegrationsRefusal(401, code, message);
}

/** What each failed check answers; only someone holding a revoked or expired key learns its state. */
const KEY_REFUSALS = {
  missing: () => unauthorized("api_key_missing", API_KEY_MISSING_MESSAGE),
  sign_in_token: () => unauthorized("api_key_required", USE_AN_API_KEY_MESSAGE),
  in_query: () => new IntegrationsRefusal(400, "api_key_in_query", API_KEY_IN_QUERY_MESSAGE),
  invalid: () => unauthorized("api_key_invalid", API_KEY_INVALID_MESSAGE),
  revoked: () => unauthorized("api_key_revoked", API_KEY_REVOKED_MESSAGE),
  expired: () => unauthorized("api_key_expired", API_KEY_EXPIRED_MESSAGE),
};

function refusalOf(checked: KeyAuthentication, action: LimitedAction | null): Error | null {
  const { outcome, decision, holder, suspension } = checked;
  switch (outcome) {
    case "ok":
      return null;
    case "invalid":
    case "revoked":
    case "expired":
      return KEY_REFUSALS[outcome]();
    case "suspended":
      return refusal({ admitted: false, suspendedUntil: suspension!.until, suspensionReason: suspension!.reason });
    case "throttled":
      return refusal({ admitted: false, refusedBy: "throttle", decision: decision! });
    case "rate_limited":
      return refusal({ admitted: false, refusedBy: action ?? "throttle", decision: decision! });
    case "key_rate_limited":
      return new DomainError("rate_limited", {
        decision: decision!,
        what: `Too many requests: this API key may make ${holder?.rateLimit ?? decision!.limit} a minute.`,
      });
    case "failures_limited":
      return new DomainError("rate_limited", {
        decision: decision!,
        what: "Too many requests with a missing or invalid API key from your network.",
      });
  }
}

/**
 * Authenticates the call and, once the key is ok, makes its owner the caller. `actionOf` names the limited action a
 * path performs (a validation, an exploration), counted against the owner's own limit for it.
 */
export function requireApiKey(actionOf: (path: string) => LimitedAction | null): MiddlewareHandler<IntegrationsEnv> {
  return async (c, next) => {
    const presented = presentedKey({
      bearer: bearerToken(c.req.header("authorization")),
      apiKeyHeader: c.req.header(API_KEY_HEADER),
      url: new URL(c.req.url),
    });
    const clientIp = clientAddressFrom(c.req.header("x-forwarded-for"));
    if (!clientIp) throw new DomainError("unknown_client_address");
    const action = actionOf(c.req.path);
    // Anything but a well-formed key is a failed attempt, counted without a lookup.
    const key = presented.kind === "key" && isWellFormedApiKey(presented.key) ? presented.key : null;
    const checked = await authenticateApiKey(key === null ? null : apiKeyHash(key), clientIp, action);
    if (checked.decision) setKeyRateLimitHeaders(c, checked.decision);
    c.set("apiKey", checked.holder ?? undefined);
    // A key gets its own outcome; no key, a sign-in token or a key in the URL gets its own refusal, unless the network
    // is past its failed attempts.
    if (checked.outcome === "failures_limited" || presented.kind === "key") {
      const refused = refusalOf(checked, action);
      if (refused) throw refused;
    } else {
      throw KEY_REFUSALS[presented.kind]();
    }
    c.set("owner", keyOwner(checked.holder!.userId, checked.holder!.keyId));
    await next();
  };
}

/** Logs the answered call of a recognised key, after the answer is made (a refusal's too). */
export const recordKeyCall: MiddlewareHandler<IntegrationsEnv> = async (c, next) => {
  await next();
  const holder = c.var.apiKey;
  if (!holder) return;
  try {
    await recordApiKeyCall(holder.keyId, c.res.status < 400 ? c.var.apiKeyEmails ?? 0 : 0, c.res.status);
  } catch (error) {
    // The answer is made and stands; a call missing from the usage figures is ours to look into, not the caller's.
    console.error(`recording a call of API key ${holder.keyId} [${c.var.requestId}] failed:`, error);
  }
};
