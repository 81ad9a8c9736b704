// PUT /api/admin/duplicates/records/{id} (the edited record) and DELETE …/records/{id}: both audited by the server, and
// both change the groups, so every duplicates query is refreshed.
import { type DuplicateFields, duplicateRecordSchema, updateDuplicateRecordRequestSchema } from "@contracts/duplicates";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { duplicatesQueryKey } from "./duplicates-keys";

const recordPath = (id: number) => `/api/admin/duplicates/records/${id}` as const;

export function useUpdateRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, fields }: { id: number; fields: DuplicateFields }) => {
      const body = updateDuplicateRecordRequestSchema.parse(fields);
      return readJson(await apiFetch(recordPath(id), { method: "PUT", body }), duplicateRecordSchema);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: duplicatesQueryKey }),
  });
}

export function useDeleteRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiFetch(recordPath(id), { method: "DELETE" });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: duplicatesQueryKey }),
  });
}
