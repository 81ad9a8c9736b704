// Creating an account: Supabase Auth creates the user, and a trigger in the database creates its public.profiles row
// from the username passed as user metadata.
import { isAuthApiError } from "@supabase/supabase-js";
import { newVisitorClient } from "../auth/index.ts";
import type { AuthResponse, RegisterRequest } from "./contract.ts";
import { findRegistrationConflicts } from "./privileged.ts";
import { DomainError } from "../errors.ts";
import { authResponseFor } from "./auth-response.ts";
import { passwordProblem } from "./password-rule.ts";

export async function register({ username, email, password }: RegisterRequest): Promise<AuthResponse> {
  const problem = passwordProblem(password, { username, email });
  if (problem) throw new DomainError("invalid_details", { problem: `password: ${problem.message}` });
  await refuseIfTaken(username, email);
  const { data, error } = await newVisitorClient().auth.signUp({ email, password, options: { data: { username } } });
  if (error) {
    // Another registration may have taken the name or address since the check above; Auth then refuses (its hook
    // finds the username taken, or Auth finds the email).
    await refuseIfTaken(username, email);
    // Auth's own refusal of what we let through (a stricter rule configured there): the person can act on it.
    if (isAuthApiError(error) && error.status >= 400 && error.status < 500) {
      throw new DomainError("invalid_details", {
        problem: error.code === "weak_password" ? `password: ${error.message}` : error.message,
      });
    }
    throw error;
  }
  // A user without a session means Auth wants the address confirmed first; MailScout signs people in at once.
  if (!data.session) throw new Error("Auth answered sign-up without a session: email confirmations must be off");
  return await authResponseFor(data.session);
}

async function refuseIfTaken(username: string, email: string): Promise<void> {
  const { usernameTaken, emailTaken } = await findRegistrationConflicts(username, email);
  if (usernameTaken || emailTaken) throw new DomainError("registration_conflict");
}
