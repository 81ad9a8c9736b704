// POST /api/support/tickets/{id}/read: the last message the caller has seen, so the other side's replies stop counting
// as unread. The cached lists drop the ticket's count at once rather than waiting for the next refetch.
import { type AdminTicketPage, markTicketReadRequestSchema, type Ticket } from "@contracts/support";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { markRead, markReadOnPage } from "../live/cache-updates";
import { adminTicketsQueryKey } from "./get-admin-tickets";
import { ticketsQueryKey } from "./get-tickets";

export async function markTicketRead({ ticketId, lastReadMessageId }: { ticketId: string; lastReadMessageId: number }) {
  const body = markTicketReadRequestSchema.parse({ lastReadMessageId });
  await apiFetch(`/api/support/tickets/${encodeURIComponent(ticketId)}/read`, { method: "POST", body });
}

export function useMarkTicketRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markTicketRead,
    onSuccess: (_, { ticketId }) => {
      queryClient.setQueryData<Ticket[]>(ticketsQueryKey, (list) => markRead(list, ticketId));
      queryClient.setQueriesData<AdminTicketPage>({ queryKey: adminTicketsQueryKey }, (page) => markReadOnPage(page, ticketId));
    },
  });
}
