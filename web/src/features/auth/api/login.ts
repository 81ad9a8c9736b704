// POST /api/login: `username` may be the username or the email address; the answer carries the new session.
import { type LoginRequest, loginRequestSchema, type User } from "@contracts/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { startSession } from "../session";
import { currentUserQueryKey } from "./get-current-user";

export const loginInputSchema = loginRequestSchema;

export async function login(credentials: LoginRequest): Promise<User> {
  const body = loginInputSchema.parse(credentials);
  return startSession(await apiFetch("/api/login", { method: "POST", body }));
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => queryClient.setQueryData(currentUserQueryKey, user),
  });
}
