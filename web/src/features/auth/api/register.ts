// POST /api/register: creates the account and signs it in at once (no confirmation mail).
import { type RegisterRequest, registerRequestSchema, type User } from "@contracts/auth";
import { markWelcomeDue } from "@/features/popups";
import { postForSession, useSessionMutation } from "./session-mutation";

/** The new account is greeted once by the welcome popup, which the app shell shows from here on. */
export async function register(account: RegisterRequest): Promise<User> {
  const user = await postForSession("/api/register", registerRequestSchema, account);
  markWelcomeDue(user.id);
  return user;
}

export const useRegister = () => useSessionMutation(register, "signup");
