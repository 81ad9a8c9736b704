// DELETE /api/contact-lists/{id}: its contacts move to General, so both caches are refreshed.
import type { ContactList } from "@contracts/contacts";
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
      // Gone from the lists at once, so a page filtered to it stops asking (it could only answer 404 now) and moves
      // to all lists; its cached pages go too.
      queryClient.setQueryData<ContactList[]>(contactListsQueryKey, (lists) => lists?.filter((list) => list.id !== id));
      queryClient.removeQueries({ queryKey: [...contactsQueryKey, { listId: id }] });
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: contactListsQueryKey });
      await queryClient.invalidateQueries({ queryKey: contactsQueryKey });
    },
  });
}
