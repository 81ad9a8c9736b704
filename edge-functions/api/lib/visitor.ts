// Who is calling a route that anonymous visitors may use too: a signed-in user, or a visitor known only by the session
// id their browser keeps (X-Session-ID) and the address the gateway saw (X-Forwarded-For).
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import {
  type AnonymousVisitor,
  clientAddressFrom,
  SESSION_ID_LENGTH,
  sessionIdSchema,
} from "../../_shared/anonymous/index.ts";
import type { SignedIn } from "../../_shared/auth/index.ts";
import type { CallerEnv } from "./caller.ts";

// anonymous_sessions.user_agent keeps this much; a longer header is cut, not refused.
const USER_AGENT_MAX_LENGTH = 512;

/**
 * The signed-in user, or null: no bearer token, a token that names no user (the anon API key, which supabase-js sends
 * by default), or one Auth rejects (expired, signed out). A visitor whose token lapsed is then simply anonymous, as if
 * they had signed out, rather than refused. Decided once per request by admitCaller (caller.ts).
 */
export function signedInOrNull(c: Context<CallerEnv>): SignedIn | null {
  return c.var.caller ?? null;
}

/** The X-Session-ID header: null when absent, a 400 when it is not a session id. */
export function sessionIdHeader(c: Context): string | null {
  const value = c.req.header("x-session-id");
  if (value === undefined) return null;
  if (!sessionIdSchema.safeParse(value).success) {
    throw new HTTPException(400, {
      message: `X-Session-ID must be ${SESSION_ID_LENGTH} characters of A-Z, a-z, 0-9, _ or -`,
    });
  }
  return value;
}

export function anonymousVisitor(c: Context, sessionId: string | null): AnonymousVisitor {
  return {
    sessionId,
    clientIp: clientAddressFrom(c.req.header("x-forwarded-for")),
    userAgent: c.req.header("user-agent")?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
  };
}
