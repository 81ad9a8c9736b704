// GET /api/support/admin/tickets: the agents' queue, filtered (status, category, priority, assigned, search by subject
// or user email) and paged. Kept live by support:agents, which refetches the page in view on every ticket change.
import { type AdminTicketPage, adminTicketPageSchema, type AdminTicketQuery } from "@contracts/support";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";

export const adminTicketsQueryKey = ["/api/support/admin/tickets"] as const;

export async function getAdminTickets(query: AdminTicketQuery, signal?: AbortSignal): Promise<AdminTicketPage> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== "") params.set(name, String(value));
  }
  const search = params.size > 0 ? `?${params}` : "";
  return readJson(await apiFetch(`/api/support/admin/tickets${search}`, { signal }), adminTicketPageSchema);
}

export function adminTicketsQueryOptions(query: AdminTicketQuery) {
  return queryOptions({
    meta: userScoped,
    queryKey: [...adminTicketsQueryKey, query] as const,
    queryFn: ({ signal }) => getAdminTickets(query, signal),
    // The rows stay while the next page or filter loads, so the table does not flash empty.
    placeholderData: keepPreviousData,
  });
}

export function useAdminTickets(query: AdminTicketQuery) {
  return useQuery(adminTicketsQueryOptions(query));
}
