// The agents' queue, live: support:agents says when any ticket is opened or changes. The row in view changes at once,
// then the page in view is asked for again, since a new ticket or a new status may change which rows the filters keep.
import { type AdminTicketPage, SUPPORT_AGENTS_TOPIC, TICKET_CHANGED_EVENT, ticketChangedEventSchema } from "@contracts/support";
import { topicEvent, useLiveTopic } from "@/lib/live-topics";
import type { ChannelState } from "@/lib/realtime";
import { adminTicketsQueryKey } from "../api/get-admin-tickets";
import { ticketMessagesQueryKey } from "../api/get-ticket-messages";
import { applyTicketChangeToPage, isConversationOpen } from "./cache-updates";

export function useAgentsLive(): ChannelState | undefined {
  return useLiveTopic(SUPPORT_AGENTS_TOPIC, {
    events: {
      [TICKET_CHANGED_EVENT]: topicEvent(ticketChangedEventSchema, (event, { queryClient }) => {
        const open = isConversationOpen(queryClient, event.id);
        queryClient.setQueriesData<AdminTicketPage>({ queryKey: adminTicketsQueryKey }, (page) =>
          applyTicketChangeToPage(page, event, { open }),
        );
        void queryClient.invalidateQueries({ queryKey: adminTicketsQueryKey });
        void queryClient.invalidateQueries({ queryKey: ticketMessagesQueryKey(event.id), type: "inactive" });
      }),
    },
    onJoin: ({ queryClient }) => void queryClient.invalidateQueries({ queryKey: adminTicketsQueryKey }),
  }).state;
}
