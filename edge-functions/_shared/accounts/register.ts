// Creating an account: Supabase Auth creates the user, and a trigger in the database creates its public.profiles row
// from the username passed as user metadata.
import { newVisitorClient } from "../auth/supabase-clients.ts";
import type { AuthResponse, RegisterRequest } from "../contracts/auth.ts";
import { findRegistrationConflicts } from "../db/privileged.ts";
import { AccountError } from "./errors.ts";
import { authResponseFor } from "./auth-response.ts";

export async function register({ username, email, password }: RegisterRequest): Promise<AuthResponse> {
  await refuseIfTaken(username, email);
  const { data, error } = await newVisitorClient().auth.signUp({ email, password, options: { data: { username } } });
  if (error) {
    // Another registration may have taken the name or address since the check above; Auth then fails (the profile
    // trigger hits the unique username index, or Auth finds the email). Checking again names which, as a 409.
    await refuseIfTaken(username, email);
    throw error;
  }
  // A user without a session means Auth wants the address confirmed first; MailScout signs people in at once.
  if (!data.session) throw new Error("Auth answered sign-up without a session: email confirmations must be off");
  return await authResponseFor(data.session);
}

async function refuseIfTaken(username: string, email: string): Promise<void> {
  const { usernameTaken, emailTaken } = await findRegistrationConflicts(username, email);
  if (usernameTaken) throw new AccountError("username_taken");
  if (emailTaken) throw new AccountError("email_taken");
}
