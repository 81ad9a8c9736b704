// POST /api/admin/duplicates/merge, GET …/merges?before= (newest first) and POST …/merges/{id}/undo. Outcomes are told
// here, by the mutations themselves rather than by the screens that start them: a merge can take its group (and the
// bar that merged it) off the screen before the answer is handled, and an undo is offered both by the merge's toast
// and by the Recent merges tab.
import { type MergeRequest, mergeRequestSchema, mergeResultSchema, mergesPageSchema, undoMergeResultSchema } from "@contracts/duplicates";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/toast-store";
import { apiFetch, messageOf, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";
import { plural } from "../lib/labels";
import { duplicatesQueryKey, mergesQueryKey } from "./duplicates-keys";

/** `onUndo` is the toast's Undo. */
export function useMerge(onUndo: (mergeId: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (merge: MergeRequest) => {
      const body = mergeRequestSchema.parse(merge);
      return readJson(await apiFetch("/api/admin/duplicates/merge", { method: "POST", body }), mergeResultSchema);
    },
    onSuccess: (result) =>
      toast({
        title: "Records merged",
        description: `${plural(result.removedIds.length, "record")} merged into ${result.record.email}`,
        action: { label: "Undo", altText: "Undo the merge from the Recent merges tab", onClick: () => onUndo(result.mergeId) },
      }),
    onError: (error) => toast({ title: "Merge failed", description: messageOf(error, "The records could not be merged"), variant: "destructive" }),
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
