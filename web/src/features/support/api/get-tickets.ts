// GET /api/support/tickets: the signed-in user's tickets, newest activity first, each with its unread count. Kept live
// by the owner's user:{id} topic (live/), so it is asked for when a screen opens and when that topic rejoins.
import { type Ticket, ticketListSchema } from "@contracts/support";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";

export const ticketsQueryKey = ["/api/support/tickets"] as const;

export async function getTickets(signal?: AbortSignal): Promise<Ticket[]> {
  return readJson(await apiFetch("/api/support/tickets", { signal }), ticketListSchema);
}

export function ticketsQueryOptions() {
  return queryOptions({ meta: userScoped, queryKey: ticketsQueryKey, queryFn: ({ signal }) => getTickets(signal) });
}

export function useTickets() {
  return useQuery(ticketsQueryOptions());
}

/** The list with a ticket just opened first (once). */
export function addTicket(list: Ticket[], ticket: Ticket): Ticket[] {
  return list.some((kept) => kept.id === ticket.id) ? list : [ticket, ...list];
}
