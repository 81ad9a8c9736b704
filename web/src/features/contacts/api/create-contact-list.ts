// POST /api/contact-lists: name, description, colour (default #3B82F6), isDefault false.
import {
  type ContactList,
  type CreateContactListRequest,
  contactListSchema,
  createContactListRequestSchema,
} from "@contracts/contacts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { contactListsQueryKey } from "./get-contact-lists";

export const createContactListInputSchema = createContactListRequestSchema;

export async function createContactList(input: CreateContactListRequest): Promise<ContactList> {
  const body = createContactListInputSchema.parse({ ...input, isDefault: false });
  return readJson(await apiFetch("/api/contact-lists", { method: "POST", body }), contactListSchema);
}

export function useCreateContactList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContactList,
    onSettled: () => queryClient.invalidateQueries({ queryKey: contactListsQueryKey }),
  });
}
