// Signing in with a username or an email address and a password.
import { newVisitorClient } from "../auth/supabase-clients.ts";
import type { AuthResponse, LoginRequest } from "../contracts/auth.ts";
import { findSignInEmail } from "../db/privileged.ts";
import { isWrongCredentials } from "./auth-failures.ts";
import { AccountError } from "./errors.ts";
import { authResponseFor } from "./auth-response.ts";

// Asked of Auth when nobody has the typed username, so an unknown user costs a sign-in attempt like a wrong password
// does and the answer's timing does not tell them apart. The .invalid top-level domain can never be registered.
const NOBODY_EMAIL = "nobody@mailscout.invalid";

export async function login({ username: usernameOrEmail, password }: LoginRequest): Promise<AuthResponse> {
  const email = await findSignInEmail(usernameOrEmail);
  const { data, error } = await newVisitorClient().auth.signInWithPassword({ email: email ?? NOBODY_EMAIL, password });
  if (!email || isWrongCredentials(error)) throw new AccountError("invalid_credentials");
  if (error) throw error;
  return await authResponseFor(data.session);
}
