// POST /token: the password grant (sign in) and the refresh_token grant (rotation, see ../rotation.ts).
import { type Context, Hono } from "hono";
import { z } from "zod";
import { readBody } from "../body.ts";
import { normalizePhone, verifyPassword } from "../credentials.ts";
import { badRequest, OAuthError } from "../errors.ts";
import { sessionResponse } from "../grant.ts";
import type { AuthOptions } from "../options.ts";
import { createSession, refreshSession } from "../sessions.ts";
import { findUserByEmail, findUserById, findUserByPhone, recordSignIn, type UserRow } from "../users.ts";

const passwordGrantBody = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
});

const refreshGrantBody = z.object({ refresh_token: z.string().nullish() });

// One message whether the user is unknown or the password wrong, so sign-in does not reveal who has an account.
const invalidCredentials = () => badRequest("invalid_credentials", "Invalid login credentials");

export function tokenRoutes(options: AuthOptions) {
  return new Hono().post("/token", async (c) => {
    switch (c.req.query("grant_type")) {
      case "password":
        return passwordGrant(c, options);
      case "refresh_token":
        return refreshGrant(c, options);
      default:
        throw badRequest("invalid_credentials", "unsupported_grant_type");
    }
  });
}

async function passwordGrant(c: Context, options: AuthOptions) {
  const body = await readBody(c, passwordGrantBody);
  if (body.email && body.phone) {
    throw badRequest("validation_failed", "Only an email address or phone number should be provided on login.");
  }
  let found: UserRow | null;
  if (body.email) found = await findUserByEmail(options.sql, body.email);
  else if (body.phone) found = await findUserByPhone(options.sql, normalizePhone(body.phone));
  else throw badRequest("validation_failed", "missing email or phone");

  if (!found || !(await verifyPassword(body.password ?? "", found.encrypted_password))) throw invalidCredentials();
  if (body.email && !found.email_confirmed_at) throw badRequest("email_not_confirmed", "Email not confirmed");
  if (body.phone && !found.phone_confirmed_at) throw badRequest("phone_not_confirmed", "Phone not confirmed");

  const userId = found.id;
  const { user, issued } = await options.sql.begin(async (tx) => {
    const issued = await createSession(tx, userId);
    await recordSignIn(tx, userId);
    return { user: await findUserById(tx, userId), issued };
  });
  if (!user) throw invalidCredentials();
  return c.json(await sessionResponse(options, user, issued.session, issued.refreshToken));
}

async function refreshGrant(c: Context, options: AuthOptions) {
  const body = await readBody(c, refreshGrantBody);
  if (!body.refresh_token) throw new OAuthError("invalid_request", "refresh_token required");
  const issued = await refreshSession(options.sql, body.refresh_token);
  const user = await findUserById(options.sql, issued.session.user_id);
  // Deleting a user deletes its sessions, so this only happens if the user went in between.
  if (!user) throw badRequest("refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
  return c.json(await sessionResponse(options, user, issued.session, issued.refreshToken));
}
