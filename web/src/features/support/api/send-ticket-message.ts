// POST /api/support/tickets/{ticketId}/messages: a reply, non-empty after trimming. The answer is the stored
// message, written into the conversation at once; its broadcast on ticket:{id} then finds it there already.
import { type TicketMessage, ticketMessageRequestSchema, ticketMessageSchema } from "@contracts/support";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { addMessage } from "../live/cache-updates";
import { ticketMessagesQueryKey } from "./get-ticket-messages";

export const ticketMessageInputSchema = ticketMessageRequestSchema;

export async function sendTicketMessage({ ticketId, message }: { ticketId: string; message: string }): Promise<TicketMessage> {
  const body = ticketMessageInputSchema.parse({ message });
  return readJson(
    await apiFetch(`/api/support/tickets/${encodeURIComponent(ticketId)}/messages`, { method: "POST", body }),
    ticketMessageSchema,
  );
}

export function useSendTicketMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTicketMessage,
    onSuccess: (sent) =>
      queryClient.setQueryData<TicketMessage[]>(ticketMessagesQueryKey(sent.ticketId), (list) => addMessage(list, sent)),
  });
}
