// The owner's tickets, live wherever they are in the app (the header's badge mounts it): user:{id} says when one of
// their tickets changes or gets a message. The list is patched in place; a ticket it lacks (opened in another tab)
// and each rejoin bring the list afresh. A conversation not open now is marked stale, so it is fetched when opened.
import { TICKET_CHANGED_EVENT, type Ticket, ticketChangedEventSchema, userTopic } from "@contracts/support";
import { topicEvent, useLiveTopic } from "@/lib/live-topics";
import { ticketMessagesQueryKey } from "../api/get-ticket-messages";
import { ticketsQueryKey } from "../api/get-tickets";
import { applyTicketChange, isConversationOpen } from "./cache-updates";

export function useUserTicketsLive(userId: string): void {
  useLiveTopic(userTopic(userId), {
    events: {
      [TICKET_CHANGED_EVENT]: topicEvent(ticketChangedEventSchema, (event, { queryClient }) => {
        const list = queryClient.getQueryData<Ticket[]>(ticketsQueryKey);
        if (list?.some((ticket) => ticket.id === event.id)) {
          const open = isConversationOpen(queryClient, event.id);
          queryClient.setQueryData<Ticket[]>(ticketsQueryKey, applyTicketChange(list, event, { open }));
        } else {
          void queryClient.invalidateQueries({ queryKey: ticketsQueryKey, exact: true });
        }
        void queryClient.invalidateQueries({ queryKey: ticketMessagesQueryKey(event.id), type: "inactive" });
      }),
    },
    // The header's badge and bell both listen here: a refetch already under way serves the second join too.
    onJoin: ({ queryClient }) =>
      void queryClient.invalidateQueries({ queryKey: ticketsQueryKey, exact: true }, { cancelRefetch: false }),
  });
}
