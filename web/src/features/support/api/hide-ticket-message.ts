// POST /api/support/tickets/{ticketId}/messages/{messageId}/hide: an agent hides a message from the ticket's owner. The
// answer is the message, now hidden, written into the conversation in place.
import { type TicketMessage, ticketMessageSchema } from "@contracts/support";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { addMessage } from "../live/cache-updates";
import { ticketMessagesQueryKey } from "./get-ticket-messages";

export async function hideTicketMessage({ ticketId, id }: Pick<TicketMessage, "ticketId" | "id">): Promise<TicketMessage> {
  return readJson(
    await apiFetch(`/api/support/tickets/${encodeURIComponent(ticketId)}/messages/${id}/hide`, { method: "POST" }),
    ticketMessageSchema,
  );
}

export function useHideTicketMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: hideTicketMessage,
    onSuccess: (hidden) =>
      queryClient.setQueryData<TicketMessage[]>(ticketMessagesQueryKey(hidden.ticketId), (list) => addMessage(list, hidden)),
  });
}
