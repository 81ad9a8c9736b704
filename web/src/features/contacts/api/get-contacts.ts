// GET /api/contacts: one page of the signed-in user's contacts, narrowed by q and listId. The answer is a bare array;
// X-Total-Count says how many match, so the table pages on the server and search never fetches everything.
import {
  CONTACTS_TOTAL_HEADER,
  type Contact,
  contactSchema,
  contactsQuerySchema,
} from "@contracts/contacts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { ApiError, apiFetch, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";

export const contactsQueryKey = ["/api/contacts"] as const;

/** Without a limit, every contact that matches. */
export type ContactsPageQuery = { q?: string; listId?: number; limit?: number; offset: number };
export type ContactsPage = { contacts: Contact[]; total: number };

export async function getContacts(query: ContactsPageQuery, signal?: AbortSignal): Promise<ContactsPage> {
  const parsed = contactsQuerySchema.parse(query);
  const params = new URLSearchParams();
  if (parsed.limit !== undefined) params.set("limit", String(parsed.limit));
  params.set("offset", String(parsed.offset));
  if (parsed.q) params.set("q", parsed.q);
  if (parsed.listId !== undefined) params.set("listId", String(parsed.listId));
  try {
    const response = await apiFetch(`/api/contacts?${params}`, { signal });
    const contacts = await readJson(response, z.array(contactSchema));
    const total = Number(response.headers.get(CONTACTS_TOTAL_HEADER) ?? contacts.length);
    return { contacts, total: Number.isFinite(total) ? total : contacts.length };
  } catch (error) {
    // A 401 on the contacts list yields an empty list.
    if (error instanceof ApiError && error.status === 401) return { contacts: [], total: 0 };
    throw error;
  }
}

export function contactsQueryOptions(query: ContactsPageQuery) {
  return queryOptions({
    meta: userScoped,
    queryKey: [...contactsQueryKey, query] as const,
    queryFn: ({ signal }) => getContacts(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useContacts(query: ContactsPageQuery, enabled = true) {
  return useQuery({ ...contactsQueryOptions(query), enabled });
}

/**
 * Which addresses at a domain are already saved. One search for "@domain" answers every card of an exploration (often
 * dozens of addresses) at once, instead of a request per card; each card looks for its own address in the answer.
 */
export function savedAtDomainQueryOptions(domain: string) {
  return queryOptions({
    meta: userScoped,
    queryKey: [...contactsQueryKey, "saved", domain.toLowerCase()] as const,
    queryFn: async ({ signal }) => {
      const page = await getContacts({ q: `@${domain}`, offset: 0 }, signal);
      return page.contacts.map((contact) => contact.email.toLowerCase());
    },
  });
}

/** Whether this address is among the person's contacts. */
export function useIsSavedContact(email: string, enabled: boolean) {
  const address = email.toLowerCase();
  return useQuery({
    ...savedAtDomainQueryOptions(address.slice(address.lastIndexOf("@") + 1)),
    enabled,
    select: (saved) => saved.includes(address),
  });
}
