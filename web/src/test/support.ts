// Support tickets and messages as the API answers them, for the screens' tests.
import type { AdminTicketRow, Ticket, TicketChangedEvent, TicketMessage } from "@contracts/support";

export const TICKET_ID = "7d1f4a2e-9b3c-4e5f-8a6b-1c2d3e4f5a6b";
export const OTHER_TICKET_ID = "2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d";

export function ticket(extra: Partial<Ticket> = {}): Ticket {
  return {
    id: TICKET_ID,
    subject: "CSV upload stuck",
    description: "My upload stays at 0%.",
    category: "technical",
    priority: "medium",
    status: "open",
    createdAt: "2026-11-20T09:00:00Z",
    lastActivityAt: "2026-11-20T09:00:00Z",
    resolvedAt: null,
    aiResponse: null,
    adminResponse: null,
    assignedTo: null,
    unreadCount: 0,
    ...extra,
  };
}

export function message(id: number, extra: Partial<TicketMessage> = {}): TicketMessage {
  return {
    id,
    ticketId: TICKET_ID,
    senderType: "user",
    senderName: "demo",
    message: `Message ${id}`,
    createdAt: "2026-11-20T09:00:00Z",
    hidden: false,
    ...extra,
  };
}

export function ticketChanged(extra: Partial<TicketChangedEvent> = {}): TicketChangedEvent {
  const { id, subject, category, priority, status, lastActivityAt, resolvedAt, assignedTo } = ticket();
  return {
    id, subject, category, priority, status, lastActivityAt, resolvedAt, assignedTo,
    userId: "5f0c1a52-3c1e-4a53-9f55-0e8f3d2b7a10",
    change: "admin_message",
    ...extra,
  };
}

export function adminRow(extra: Partial<AdminTicketRow> = {}): AdminTicketRow {
  const { id, subject, description, category, priority, status, createdAt, lastActivityAt, assignedTo, unreadCount } =
    ticket();
  return {
    id, subject, description, category, priority, status, createdAt, lastActivityAt, assignedTo, unreadCount,
    userEmail: "demo@example.com",
    ...extra,
  };
}
