// DELETE /api/contact-lists/{id}: its contacts move to General (core.md §4), so both caches are refreshed.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { contactsQueryKey } from "./get-contacts";
import { contactListsQueryKey } from "./get-contact-lists";

export async function deleteContactList(id: number): Promise<void> {
  await apiFetch(`/api/contact-lists/${id}`, { method: "DELETE" });
}

export function useDeleteContactList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContactList,
    onSuccess: (_, id) => {
      // Pages of the deleted list can only answer 404 now: dropped, not refetched, while the view moves away from it.
      queryClient.removeQueries({ queryKey: [...contactsQueryKey, { listId: id }] });
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: contactListsQueryKey });
      await queryClient.invalidateQueries({ queryKey: contactsQueryKey });
    },
  });
}
