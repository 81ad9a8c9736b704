// The admin's changes to one landing page: PATCH /api/admin/seo/pages/{id} {isIndexable}, POST …/{id}/regenerate and
// DELETE …/{id}. Each moves the page list and the stat cards; a delete also the keyword list (its target loses the page).
import { adminSeoPageSchema, updateSeoPageSchema } from "@contracts/seo";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { adminSeoQueryKey } from "./admin-seo-keys";

export const seoPageChangeSchema = updateSeoPageSchema;

function useSeoPageChange<Variables, Answer>(mutationFn: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: adminSeoQueryKey }) });
}

export function useSetPageIndexable() {
  return useSeoPageChange(async ({ id, isIndexable }: { id: string; isIndexable: boolean }) => {
    const body = seoPageChangeSchema.parse({ isIndexable });
    return readJson(await apiFetch(`/api/admin/seo/pages/${id}`, { method: "PATCH", body }), adminSeoPageSchema);
  });
}

export function useRegeneratePage() {
  return useSeoPageChange(async (id: string) =>
    readJson(await apiFetch(`/api/admin/seo/pages/${id}/regenerate`, { method: "POST" }), adminSeoPageSchema),
  );
}

export function useDeletePage() {
  return useSeoPageChange(async (id: string) => {
    await apiFetch(`/api/admin/seo/pages/${id}`, { method: "DELETE" });
  });
}
