// POST /api/login: `username` may be the username or the email address; the answer carries the new session.
import { type LoginRequest, loginRequestSchema, type User } from "@contracts/auth";
import { postForSession, useSessionMutation } from "./session-mutation";

export function login(credentials: LoginRequest): Promise<User> {
  return postForSession("/api/login", loginRequestSchema, credentials);
}

export const useLogin = () => useSessionMutation(login, "login");
