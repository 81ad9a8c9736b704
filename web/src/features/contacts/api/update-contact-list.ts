// PATCH /api/contact-lists/{id}: renames, redescribes or recolours a list; which list is the default never changes.
import {
  type ContactList,
  contactListSchema,
  type UpdateContactListRequest,
  updateContactListRequestSchema,
} from "@contracts/contacts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { contactListsQueryKey } from "./get-contact-lists";

export const updateContactListInputSchema = updateContactListRequestSchema;

export async function updateContactList({ id, ...input }: UpdateContactListRequest & { id: number }): Promise<ContactList> {
  const body = updateContactListInputSchema.parse(input);
  return readJson(await apiFetch(`/api/contact-lists/${id}`, { method: "PATCH", body }), contactListSchema);
}

export function useUpdateContactList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContactList,
    onSettled: () => queryClient.invalidateQueries({ queryKey: contactListsQueryKey }),
  });
}
