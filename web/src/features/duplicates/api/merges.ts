// POST /api/admin/duplicates/merge, GET …/merges?before= (newest first) and POST …/merges/{id}/undo. An undo is offered
// both by the toast that announces a merge and by the Recent merges tab; its outcome is told here, once, so it is
// told even when the toast's screen has gone by the time the server answers.
import { type MergeRequest, mergeRequestSchema, mergeResultSchema, mergesPageSchema, undoMergeResultSchema } from "@contracts/duplicates";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/toast-store";
import { apiFetch, messageOf, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";
import { duplicatesQueryKey, mergesQueryKey } from "./duplicates-keys";

export function useMerge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (merge: MergeRequest) => {
      const body = mergeRequestSchema.parse(merge);
      return readJson(await apiFetch("/api/admin/duplicates/merge", { method: "POST", body }), mergeResultSchema);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: duplicatesQueryKey }),
  });
}

export function useUndoMerge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (mergeId: number) =>
      readJson(await apiFetch(`/api/admin/duplicates/merges/${mergeId}/undo`, { method: "POST" }), undoMergeResultSchema),
    onSuccess: (result) =>
      toast({ title: "Merge undone", description: `${result.restoredIds.length} record${result.restoredIds.length === 1 ? "" : "s"} restored` }),
    onError: (error) => toast({ title: "Undo failed", description: messageOf(error, "The merge could not be undone"), variant: "destructive" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: duplicatesQueryKey }),
  });
}

export function useMerges() {
  return useInfiniteQuery({
    meta: userScoped,
    queryKey: mergesQueryKey,
    queryFn: async ({ pageParam, signal }) =>
      readJson(
        await apiFetch(`/api/admin/duplicates/merges${pageParam === undefined ? "" : `?before=${pageParam}`}`, { signal }),
        mergesPageSchema,
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.nextBefore ?? undefined,
  });
}
