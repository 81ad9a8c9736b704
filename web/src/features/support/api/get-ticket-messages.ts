// GET /api/support/tickets/{id}/messages: a ticket's conversation, oldest first; the first message is the ticket's
// description, which the view shows as the ticket's opening rather than as a reply. Kept live by ticket:{id}.
import { type TicketMessage, ticketMessageListSchema } from "@contracts/support";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";
import { ticketsQueryKey } from "./get-tickets";

export const ticketMessagesQueryKey = (ticketId: string) => [...ticketsQueryKey, ticketId, "messages"] as const;

export async function getTicketMessages(ticketId: string, signal?: AbortSignal): Promise<TicketMessage[]> {
  return readJson(
    await apiFetch(`/api/support/tickets/${encodeURIComponent(ticketId)}/messages`, { signal }),
    ticketMessageListSchema,
  );
}

export function ticketMessagesQueryOptions(ticketId: string) {
  return queryOptions({
    meta: userScoped,
    queryKey: ticketMessagesQueryKey(ticketId),
    queryFn: ({ signal }) => getTicketMessages(ticketId, signal),
  });
}

export function useTicketMessages(ticketId: string) {
  return useQuery(ticketMessagesQueryOptions(ticketId));
}
