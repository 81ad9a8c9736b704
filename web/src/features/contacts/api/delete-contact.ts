// DELETE /api/contacts/{id}.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { contactsQueryKey } from "./get-contacts";

export async function deleteContact(id: number): Promise<void> {
  await apiFetch(`/api/contacts/${id}`, { method: "DELETE" });
}

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContact,
    onSettled: () => queryClient.invalidateQueries({ queryKey: contactsQueryKey }),
  });
}
