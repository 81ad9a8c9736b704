// POST /api/register: creates the account and signs it in at once (no confirmation mail).
import { type RegisterRequest, registerRequestSchema, type User } from "@contracts/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { startSession } from "../session";
import { currentUserQueryKey } from "./get-current-user";

export const registerInputSchema = registerRequestSchema;

export async function register(account: RegisterRequest): Promise<User> {
  const body = registerInputSchema.parse(account);
  return startSession(await apiFetch("/api/register", { method: "POST", body }));
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => queryClient.setQueryData(currentUserQueryKey, user),
  });
}
