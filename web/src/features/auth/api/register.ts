// POST /api/register: creates the account and signs it in at once (no confirmation mail).
import { type RegisterRequest, registerRequestSchema, type User } from "@contracts/auth";
import { postForSession, useSessionMutation } from "./session-mutation";

export function register(account: RegisterRequest): Promise<User> {
  return postForSession("/api/register", registerRequestSchema, account);
}

export const useRegister = () => useSessionMutation(register, "signup");
