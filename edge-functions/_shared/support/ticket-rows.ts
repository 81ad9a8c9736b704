// Tickets and messages as the api answers them, read in the caller's transaction (RLS decides what is there). A
// ticket's unread count is the messages from the other side after the caller's read state: for its owner the agents'
// and automatic answers, for an agent the owner's messages.
import { z } from "zod";
import type { UserSql } from "../db/as-user.ts";
import {
  senderTypeSchema,
  type Ticket,
  ticketCategorySchema,
  type TicketMessage,
  ticketPrioritySchema,
  ticketStatusSchema,
} from "./contract.ts";

/** Whose unread messages count: the owner's view counts the other side's answers, an agent's the owner's messages. */
export type TicketView = "owner" | "agent";

const ticketRowSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  subject: z.string(),
  description: z.string(),
  category: ticketCategorySchema,
  priority: ticketPrioritySchema,
  status: ticketStatusSchema,
  created_at: z.date(),
  last_activity_at: z.date(),
  resolved_at: z.date().nullable(),
  ai_response: z.string().nullable(),
  admin_response: z.string().nullable(),
  assigned_to: z.string().nullable(),
  unread_count: z.number(),
});

export function ticketFromRow(row: unknown): Ticket & { userId: string } {
  const ticket = ticketRowSchema.parse(row);
  return {
    id: ticket.id,
    userId: ticket.user_id,
    subject: ticket.subject,
    description: ticket.description,
    category: ticket.category,
    priority: ticket.priority,
    status: ticket.status,
    createdAt: ticket.created_at.toISOString(),
    lastActivityAt: ticket.last_activity_at.toISOString(),
    resolvedAt: ticket.resolved_at?.toISOString() ?? null,
    aiResponse: ticket.ai_response,
    adminResponse: ticket.admin_response,
    assignedTo: ticket.assigned_to,
    unreadCount: ticket.unread_count,
  };
}

/** The caller's unread messages of the ticket aliased `t`, as an int column `unread_count`. */
export function unreadCount(sql: UserSql, userId: string, view: TicketView) {
  return sql`(
    select count(*)::int from public.ticket_messages m
    where m.ticket_id = t.id and m.hidden_at is null and (m.sender_type = 'user') = ${view === "agent"}
      and m.id > coalesce(
        (select r.last_read_message_id from public.ticket_reads r where r.ticket_id = t.id and r.user_id = ${userId}),
        0
      )
  ) as unread_count`;
}

const ticketColumns = [
  "id",
  "user_id",
  "subject",
  "description",
  "category",
  "priority",
  "status",
  "created_at",
  "last_activity_at",
  "resolved_at",
  "ai_response",
  "admin_response",
  "assigned_to",
] as const;

/** Tickets as `t` with the caller's unread count; `where` and `order` complete the query. */
export function ticketsQuery(sql: UserSql, userId: string, view: TicketView) {
  return sql`select ${sql(ticketColumns.map((column) => `t.${column}`))}, ${unreadCount(sql, userId, view)}
    from public.support_tickets t`;
}

/** One ticket as the caller sees it, or null when RLS hides it. */
export async function visibleTicket(sql: UserSql, userId: string, ticketId: string, view: TicketView) {
  const [row] = await sql`${ticketsQuery(sql, userId, view)} where t.id = ${ticketId}`;
  return row ? ticketFromRow(row) : null;
}

const messageRowSchema = z.object({
  id: z.union([z.number(), z.string()]).transform(Number),
  ticket_id: z.string(),
  sender_type: senderTypeSchema,
  sender_name: z.string().nullable(),
  message: z.string(),
  created_at: z.date(),
  hidden: z.boolean(),
});

export function messageFromRow(row: unknown): TicketMessage {
  const message = messageRowSchema.parse(row);
  return {
    id: message.id,
    ticketId: message.ticket_id,
    senderType: message.sender_type,
    senderName: message.sender_name,
    message: message.message,
    createdAt: message.created_at.toISOString(),
    hidden: message.hidden,
  };
}

/** Messages as `m` in the api's shape; `where` and `order` complete the query. */
export function messagesQuery(sql: UserSql) {
  return sql`select m.id, m.ticket_id, m.sender_type, m.sender_name, m.message, m.created_at,
      m.hidden_at is not null as hidden
    from public.ticket_messages m`;
}
