// What each live event does to the cached lists and conversations. Pure, so the rules are tested without a socket: a
// message already there (our own reply, answered before its broadcast arrived) is not added twice; a ticket change
// moves the ticket to the top of the list by its activity; the other side's message counts as unread unless its
// conversation is open (there it is marked read as it arrives, and the two events may come in either order).
import type { AdminTicketPage, Ticket, TicketChangedEvent, TicketMessage } from "@contracts/support";
import type { QueryClient } from "@tanstack/react-query";
import { ticketMessagesQueryKey } from "../api/get-ticket-messages";

/** The conversation with `message` in its place by id; the same list when it is there already. */
export function addMessage(list: TicketMessage[] | undefined, message: TicketMessage): TicketMessage[] | undefined {
  if (!list) return list;
  const existing = list.findIndex((kept) => kept.id === message.id);
  if (existing !== -1) {
    const kept = list[existing];
    if (kept?.hidden === message.hidden && kept.message === message.message) return list;
    return list.map((item, index) => (index === existing ? message : item));
  }
  return [...list, message].sort((a, b) => a.id - b.id);
}

/** Whether a change came from the other side than `viewer`: then it is unread for the viewer. */
function isUnreadFor(viewer: "user" | "admin", change: TicketChangedEvent["change"]): boolean {
  return viewer === "user" ? change === "admin_message" || change === "ai_message" : change === "user_message";
}

function changedFields(event: TicketChangedEvent) {
  const { subject, category, priority, status, lastActivityAt, resolvedAt, assignedTo } = event;
  return { subject, category, priority, status, lastActivityAt, resolvedAt, assignedTo };
}

const byActivity = (a: { lastActivityAt: string }, b: { lastActivityAt: string }) =>
  Date.parse(b.lastActivityAt) - Date.parse(a.lastActivityAt);

/** How a change is taken: `open` when the viewer has the ticket's conversation open, where it is read as it comes. */
type Viewing = { open: boolean };

/** The owner's list with the change applied and resorted; the same list when the ticket is not in it (refetch). */
export function applyTicketChange(
  list: Ticket[] | undefined,
  event: TicketChangedEvent,
  viewing: Viewing = { open: false },
): Ticket[] | undefined {
  if (!list?.some((ticket) => ticket.id === event.id)) return list;
  return list
    .map((ticket) =>
      ticket.id === event.id
        ? {
            ...ticket,
            ...changedFields(event),
            unreadCount: ticket.unreadCount + (!viewing.open && isUnreadFor("user", event.change) ? 1 : 0),
          }
        : ticket,
    )
    .sort(byActivity);
}

/** The agents' page with the row changed in place (the refetch that follows brings order and filters). */
export function applyTicketChangeToPage(
  page: AdminTicketPage | undefined,
  event: TicketChangedEvent,
  viewing: Viewing = { open: false },
): AdminTicketPage | undefined {
  if (!page?.tickets.some((row) => row.id === event.id)) return page;
  return {
    ...page,
    tickets: page.tickets.map((row) =>
      row.id === event.id
        ? {
            ...row,
            ...changedFields(event),
            unreadCount: row.unreadCount + (!viewing.open && isUnreadFor("admin", event.change) ? 1 : 0),
          }
        : row,
    ),
  };
}

export function markRead(list: Ticket[] | undefined, ticketId: string): Ticket[] | undefined {
  if (!list?.some((ticket) => ticket.id === ticketId && ticket.unreadCount > 0)) return list;
  return list.map((ticket) => (ticket.id === ticketId ? { ...ticket, unreadCount: 0 } : ticket));
}

export function markReadOnPage(page: AdminTicketPage | undefined, ticketId: string): AdminTicketPage | undefined {
  if (!page?.tickets.some((row) => row.id === ticketId && row.unreadCount > 0)) return page;
  return { ...page, tickets: page.tickets.map((row) => (row.id === ticketId ? { ...row, unreadCount: 0 } : row)) };
}

/** Tickets with replies the owner has not read: the header's badge. */
export function unreadTickets(list: Ticket[] | undefined): number {
  return (list ?? []).filter((ticket) => ticket.unreadCount > 0).length;
}

/** Whether a conversation is on screen now: its messages query has a component watching it. */
export function isConversationOpen(queryClient: QueryClient, ticketId: string): boolean {
  return (queryClient.getQueryCache().find({ queryKey: ticketMessagesQueryKey(ticketId) })?.getObserversCount() ?? 0) > 0;
}
