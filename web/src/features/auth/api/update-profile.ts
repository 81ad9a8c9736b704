// PATCH /api/account/profile: the signed-in person's names and username; the answer becomes the current user everywhere.
import { updateProfileRequestSchema, userSchema } from "@contracts/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiFetch, readJson } from "@/lib/api";
import { setCurrentUser } from "./get-current-user";

export const updateProfileInputSchema = updateProfileRequestSchema;

export async function updateProfile(input: z.input<typeof updateProfileInputSchema>) {
  const body = updateProfileInputSchema.parse(input);
  return readJson(await apiFetch("/api/account/profile", { method: "PATCH", body }), userSchema);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => setCurrentUser(queryClient, user),
  });
}
