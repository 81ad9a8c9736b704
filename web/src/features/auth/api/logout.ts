// POST /api/logout: ends the session on Auth; then the browser forgets it too.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { endSession } from "../session";
import { setCurrentUser } from "./get-current-user";

export async function logout(): Promise<void> {
  await apiFetch("/api/logout", { method: "POST" });
  await endSession();
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => setCurrentUser(queryClient, null),
  });
}
