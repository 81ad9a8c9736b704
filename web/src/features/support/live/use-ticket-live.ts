// An open conversation, live: ticket:{id}'s messages go into the cached conversation, and the other side's typing
// (broadcast by clients, never stored) shows for a few seconds after their last keystroke. On each join the
// conversation is asked for again, for what was said while the socket was down.
import {
  TICKET_MESSAGE_EVENT,
  type TicketMessage,
  ticketMessageEventSchema,
  ticketTopic,
  TYPING_EVENT,
  type TypingEvent,
  typingEventSchema,
} from "@contracts/support";
import { useCallback, useEffect, useRef, useState } from "react";
import { topicEvent, useLiveTopic } from "@/lib/live-topics";
import type { ChannelState } from "@/lib/realtime";
import { ticketMessagesQueryKey } from "../api/get-ticket-messages";
import { addMessage } from "./cache-updates";

/** How long "is typing" stays after the other side's last typing event. */
export const TYPING_SHOWN_MS = 4_000;
/** A person typing sends at most one typing event this often. */
export const TYPING_SENT_EVERY_MS = 2_000;

export function useTicketLive(
  ticketId: string,
  me: TypingEvent,
): { state: ChannelState | undefined; typing: TypingEvent | null; onTyping: () => void; onSent: () => void } {
  const [typing, setTyping] = useState<TypingEvent | null>(null);
  const { state, send } = useLiveTopic(ticketTopic(ticketId), {
    events: {
      [TICKET_MESSAGE_EVENT]: topicEvent(ticketMessageEventSchema, (message, { queryClient }) => {
        queryClient.setQueryData<TicketMessage[]>(ticketMessagesQueryKey(message.ticketId), (list) => addMessage(list, message));
        // Whoever was typing has sent it.
        if (message.senderType !== me.senderType) setTyping(null);
      }),
      [TYPING_EVENT]: topicEvent(typingEventSchema, (event) => {
        if (event.senderType !== me.senderType) setTyping(event);
      }),
    },
    onJoin: ({ queryClient }) => void queryClient.invalidateQueries({ queryKey: ticketMessagesQueryKey(ticketId) }),
  });

  useEffect(() => {
    if (!typing) return;
    const timer = setTimeout(() => setTyping(null), TYPING_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [typing]);

  const lastSent = useRef(0);
  const onTyping = useCallback(() => {
    const now = Date.now();
    if (now - lastSent.current < TYPING_SENT_EVERY_MS) return;
    lastSent.current = now;
    send(TYPING_EVENT, { senderType: me.senderType, name: me.name });
  }, [send, me.senderType, me.name]);

  // The next message's first keystroke says so at once, however soon after the last one was sent.
  const onSent = useCallback(() => {
    lastSent.current = 0;
  }, []);

  return { state, typing, onTyping, onSent };
}
