// DELETE /api/account: the signed-in person removes their account, confirming with their username. Auth no longer
// knows the session afterwards, so the browser forgets it on its own and nobody is signed in.
import { deleteAccountRequestSchema } from "@contracts/billing";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { endSession } from "../session";
import { setCurrentUser } from "./get-current-user";

export const deleteAccountInputSchema = deleteAccountRequestSchema;

export async function deleteAccount(confirmUsername: string): Promise<void> {
  const body = deleteAccountInputSchema.parse({ confirmUsername });
  await apiFetch("/api/account", { method: "DELETE", body });
  await endSession();
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => setCurrentUser(queryClient, null),
  });
}
