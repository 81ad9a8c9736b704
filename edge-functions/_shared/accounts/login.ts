// Signing in with a username or an email address and a password, limited per identifier and client network.
import bcrypt from "bcryptjs";
import { newVisitorClient } from "../auth/index.ts";
import type { AuthResponse, LoginRequest } from "./contract.ts";
import { findSignInEmail, readSuspension, recordSignIn } from "./privileged.ts";
import { logout } from "./logout.ts";
import { isWrongCredentials } from "./auth-failures.ts";
import { DomainError } from "../errors.ts";
import { authResponseFor } from "./auth-response.ts";
import { clearSignInFailures, recordSignInFailure, refuseWhileLocked } from "./sign-in-limits.ts";

// Asked of Auth when nobody has the typed identifier, so an unknown user costs a round trip to Auth like a wrong
// password does. The .invalid top-level domain can never be registered.
const NOBODY_EMAIL = "nobody@mailscout.invalid";
// Auth answers an unknown address without hashing anything (GoTrue's password grant returns as soon as the lookup
// fails), which a wrong password does not: comparing against this hash of a random password (bcrypt cost 10, GoTrue's
// cost) takes that same time, so the two answers cannot be told apart by how long they take.
const NOBODY_PASSWORD_HASH = "$2b$10$v70snBPDKQVMVok0iRJZuu.AEos.9GK9xLUXKyJpxQ2h4MhhIBkWu";

/** Where a sign-in comes from, for the admins' activity log. */
export interface SignInOrigin {
  clientIp: string | null;
  userAgent: string | null;
}

export async function login(
  { username: identifier, password }: LoginRequest,
  { clientIp, userAgent }: SignInOrigin,
): Promise<AuthResponse> {
  // Before anything about the account is looked at, so a locked identifier answers the same whether it exists or not.
  await refuseWhileLocked(identifier, clientIp);
  const email = await findSignInEmail(identifier);
  const { data, error } = await newVisitorClient().auth.signInWithPassword({ email: email ?? NOBODY_EMAIL, password });
  if (!email) await bcrypt.compare(password, NOBODY_PASSWORD_HASH);
  if (!email || isWrongCredentials(error)) {
    await recordSignInFailure(identifier, clientIp);
    throw new DomainError("invalid_credentials");
  }
  if (error) throw error;
  await clearSignInFailures(identifier);
  // Only once the password is known right, so the answer says nothing of an account to someone who does not know it.
  const suspension = await readSuspension(data.session.user.id);
  if (suspension) {
    await logout(data.session.access_token);
    throw new DomainError("account_suspended", suspension);
  }
  await recordSignIn(data.session.user.id, clientIp, userAgent);
  return await authResponseFor(data.session);
}
