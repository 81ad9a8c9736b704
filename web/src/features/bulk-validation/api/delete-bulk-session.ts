// DELETE /api/bulk-validation/sessions/{id}: cancels a running job and deletes the session with its rows.
import type { BulkSession } from "@contracts/bulk-validation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { bulkSessionsQueryKey } from "./get-bulk-sessions";

export async function deleteBulkSession(sessionId: string): Promise<void> {
  await apiFetch(`/api/bulk-validation/sessions/${encodeURIComponent(sessionId)}`, { method: "DELETE" });
}

export function useDeleteBulkSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBulkSession,
    // Gone from the list at once, so its live subscription ends with it rather than after the refetch.
    onSuccess: (_answer, sessionId) =>
      queryClient.setQueryData<BulkSession[]>(bulkSessionsQueryKey, (sessions) =>
        sessions?.filter((session) => session.id !== sessionId),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bulkSessionsQueryKey }),
  });
}
