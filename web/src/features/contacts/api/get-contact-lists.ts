// GET /api/contact-lists: the signed-in user's lists, General first. Cached 5 minutes.
import { type ContactList, contactListSchema } from "@contracts/contacts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiFetch, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";

export const contactListsQueryKey = ["/api/contact-lists"] as const;
const FIVE_MINUTES = 5 * 60 * 1000;

export async function getContactLists(signal?: AbortSignal): Promise<ContactList[]> {
  const lists = await readJson(await apiFetch("/api/contact-lists", { signal }), z.array(contactListSchema));
  return [...lists].sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
}

export function contactListsQueryOptions() {
  return queryOptions({
    meta: userScoped,
    queryKey: contactListsQueryKey,
    queryFn: ({ signal }) => getContactLists(signal),
    staleTime: FIVE_MINUTES,
  });
}

export function useContactLists(enabled = true) {
  return useQuery({ ...contactListsQueryOptions(), enabled });
}
