// PATCH /api/contacts/{id}: changes the editable fields; the email is read-only.
import { type Contact, type UpdateContactRequest, contactSchema, updateContactRequestSchema } from "@contracts/contacts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { contactsQueryKey } from "./get-contacts";

export const updateContactInputSchema = updateContactRequestSchema;

export async function updateContact({ id, ...input }: UpdateContactRequest & { id: number }): Promise<Contact> {
  const body = updateContactInputSchema.parse(input);
  return readJson(await apiFetch(`/api/contacts/${id}`, { method: "PATCH", body }), contactSchema);
}

export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContact,
    onSettled: () => queryClient.invalidateQueries({ queryKey: contactsQueryKey }),
  });
}
