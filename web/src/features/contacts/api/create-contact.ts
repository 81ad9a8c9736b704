// POST /api/contacts: saves one contact (201), or 409 "Already saved to contacts".
import { type Contact, type CreateContactRequest, contactSchema, createContactRequestSchema } from "@contracts/contacts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { contactsQueryKey } from "./get-contacts";

export const createContactInputSchema = createContactRequestSchema;

export async function createContact(input: CreateContactRequest): Promise<Contact> {
  const body = createContactInputSchema.parse(input);
  return readJson(await apiFetch("/api/contacts", { method: "POST", body }), contactSchema);
}

export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContact,
    // Contacts are refreshed after each add, delete or update.
    onSettled: () => queryClient.invalidateQueries({ queryKey: contactsQueryKey }),
  });
}
