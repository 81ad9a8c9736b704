import { describe, expect, it } from "vitest";
import { adminRow, message, OTHER_TICKET_ID, ticket, ticketChanged, TICKET_ID } from "@/test/support";
import { addMessage, applyTicketChange, applyTicketChangeToPage, markRead, unreadTickets } from "./cache-updates";

describe("addMessage", () => {
  it("adds a new message in id order, and keeps the list when it is there already", () => {
    const list = [message(1), message(3)];
    expect(addMessage(list, message(2))?.map((item) => item.id)).toEqual([1, 2, 3]);
    expect(addMessage(list, message(3))).toBe(list);
    expect(addMessage(undefined, message(1))).toBeUndefined();
  });

  it("replaces a message an agent has since hidden", () => {
    const list = [message(1)];
    expect(addMessage(list, message(1, { hidden: true }))?.[0]?.hidden).toBe(true);
  });
});

describe("applyTicketChange", () => {
  const older = ticket({ id: OTHER_TICKET_ID, lastActivityAt: "2026-11-21T09:00:00Z" });

  it("writes the change, counts the other side's message as unread and moves the ticket to the top", () => {
    const list = [older, ticket()];
    const next = applyTicketChange(
      list,
      ticketChanged({ change: "admin_message", status: "awaiting_response", lastActivityAt: "2026-11-22T09:00:00Z" }),
    );
    expect(next?.map((item) => item.id)).toEqual([TICKET_ID, OTHER_TICKET_ID]);
    expect(next?.[0]).toMatchObject({ status: "awaiting_response", unreadCount: 1 });
  });

  it("counts nothing unread in a conversation the owner has open", () => {
    const [seen] = applyTicketChange([ticket()], ticketChanged({ change: "admin_message" }), { open: true }) ?? [];
    expect(seen?.unreadCount).toBe(0);
  });

  it("leaves the unread count to the owner's own replies and status changes", () => {
    const [mine] = applyTicketChange([ticket()], ticketChanged({ change: "user_message" })) ?? [];
    expect(mine?.unreadCount).toBe(0);
    const [resolved] =
      applyTicketChange([ticket()], ticketChanged({ change: "status", status: "resolved", resolvedAt: "2026-11-22T09:00:00Z" })) ?? [];
    expect(resolved).toMatchObject({ status: "resolved", resolvedAt: "2026-11-22T09:00:00Z", unreadCount: 0 });
  });

  it("keeps the list when the ticket is not in it, so the caller refetches", () => {
    const list = [older];
    expect(applyTicketChange(list, ticketChanged())).toBe(list);
  });
});

describe("the agents' page and read state", () => {
  it("changes the row in place and counts the user's message as unread for agents", () => {
    const page = { tickets: [adminRow()], total: 1, page: 1, pageSize: 50 };
    const next = applyTicketChangeToPage(page, ticketChanged({ change: "user_message", priority: "urgent" }));
    expect(next?.tickets[0]).toMatchObject({ priority: "urgent", unreadCount: 1 });
    expect(applyTicketChangeToPage(page, ticketChanged({ id: OTHER_TICKET_ID }))).toBe(page);
  });

  it("clears a ticket's unread count, and counts tickets with unread replies", () => {
    const list = [ticket({ unreadCount: 2 }), ticket({ id: OTHER_TICKET_ID, unreadCount: 1 })];
    expect(unreadTickets(list)).toBe(2);
    expect(unreadTickets(markRead(list, TICKET_ID))).toBe(1);
    const read = markRead(list, TICKET_ID) ?? [];
    expect(markRead(read, TICKET_ID)).toBe(read);
  });
});
