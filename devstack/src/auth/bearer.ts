// The bearer checks GoTrue runs before /user, /logout and /admin/* (auth internal/api/auth.go), in
// its order: a token at all (401), a valid signature and expiry (403 bad_jwt), then the user and the session the
// token names (403 user_not_found / session_not_found), or for admin routes an admin role (403 not_admin).
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { isUuid } from "./db.ts";
import { AuthApiError, badRequest, forbidden } from "./errors.ts";
import type { AuthOptions } from "./options.ts";
import { findSession, type SessionRow } from "./sessions.ts";
import { type BearerClaims, verifyBearerToken } from "./tokens.ts";
import { findUserById, type UserRecord } from "./users.ts";

export type UserEnv = { Variables: { claims: BearerClaims; user: UserRecord; session: SessionRow | null } };

// GoTrue's JWT_ADMIN_ROLES as the Supabase CLI configures it.
export const ADMIN_ROLES = ["service_role"];

async function bearerClaims(c: Context, options: AuthOptions): Promise<BearerClaims> {
  const match = /^[Bb]earer (\S+)$/.exec(c.req.header("Authorization") ?? "");
  if (!match?.[1]) {
    throw new AuthApiError(401, "no_authorization", "This endpoint requires a valid Bearer token");
  }
  return verifyBearerToken(match[1], options.jwtSecret);
}

/** For a signed-in user's own endpoints: loads the user and the session the token belongs to. */
export const requireUser = (options: AuthOptions) =>
  createMiddleware<UserEnv>(async (c, next) => {
    const claims = await bearerClaims(c, options);
    if (!claims.sub) throw forbidden("bad_jwt", "invalid claim: missing sub claim");
    if (!isUuid(claims.sub)) throw badRequest("bad_jwt", "invalid claim: sub claim must be a UUID");
    const user = await findUserById(options.sql, claims.sub);
    if (!user) throw forbidden("user_not_found", "User from sub claim in JWT does not exist");
    let session: SessionRow | null = null;
    if (claims.session_id) {
      session = isUuid(claims.session_id) ? await findSession(options.sql, claims.session_id) : null;
      if (!session) throw forbidden("session_not_found", "Session from session_id claim in JWT does not exist");
    }
    c.set("claims", claims);
    c.set("user", user);
    c.set("session", session);
    await next();
  });

/** For /admin/*: any verified token whose role is an admin role (the service-role key). */
export const requireAdmin = (options: AuthOptions) =>
  createMiddleware(async (c, next) => {
    const claims = await bearerClaims(c, options);
    if (!claims.role || !ADMIN_ROLES.includes(claims.role)) throw forbidden("not_admin", "User not allowed");
    await next();
  });
