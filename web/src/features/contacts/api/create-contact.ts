// POST /api/contacts: saves one contact (201, naming another spelling of the same inbox already saved), or 409
// "Already saved to contacts".
import {
  type CreateContactRequest,
  type CreatedContact,
  createContactRequestSchema,
  createdContactSchema,
} from "@contracts/contacts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { contactsQueryKey } from "./get-contacts";

export const createContactInputSchema = createContactRequestSchema;

export async function createContact(input: CreateContactRequest): Promise<CreatedContact> {
  const body = createContactInputSchema.parse(input);
  return readJson(await apiFetch("/api/contacts", { method: "POST", body }), createdContactSchema);
}

/** The save toast's words: a second spelling of an inbox already saved is worth knowing about. */
export function savedContactMessage(created: CreatedContact): string {
  return created.sameInbox
    ? `Contact saved successfully. You also saved it as ${created.sameInbox.email}: both reach the same inbox.`
    : "Contact saved successfully";
}

export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContact,
    // Contacts are refreshed after each add, delete or update.
    onSettled: () => queryClient.invalidateQueries({ queryKey: contactsQueryKey }),
  });
}
