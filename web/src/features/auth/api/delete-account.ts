// DELETE /api/account: the signed-in person removes their account, confirming with their username. Auth no longer
// knows the session afterwards, so the browser forgets it on its own and nobody is signed in.
import { deleteAccountRequestSchema } from "@contracts/billing";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { toast } from "@/components/ui/toast-store";
import { apiFetch } from "@/lib/api";
import { endSession } from "../session";
import { setCurrentUser } from "./get-current-user";

export const deleteAccountInputSchema = deleteAccountRequestSchema;

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (confirmUsername: string) => {
      const body = deleteAccountInputSchema.parse({ confirmUsername });
      await apiFetch("/api/account", { method: "DELETE", body });
      // Home before the session ends: the signed-in screen still open would send the person on to sign in instead.
      await navigate({ to: "/" });
      await endSession();
    },
    // Said here, not by the screen that asked: that screen is gone by now.
    onSuccess: () => {
      setCurrentUser(queryClient, null);
      toast({ title: "Account deleted", description: "Your account has been deleted. Goodbye." });
    },
  });
}
