// The support center's contract shared by the api function (Deno) and the SPA (Vite): tickets, their messages, the
// agents' queue, read state, and the Realtime topics and events that keep both sides live.
import { z } from "zod";
import { pageParameters } from "../contracts/paging.ts";
import { text } from "../contracts/text.ts";

export const TICKET_CATEGORIES = [
  "general",
  "billing",
  "technical",
  "email_validation",
  "contact_management",
  "account",
] as const;
export const ticketCategorySchema = z.enum(TICKET_CATEGORIES, {
  error: `Category must be one of ${TICKET_CATEGORIES.join(", ")}`,
});
export type TicketCategory = z.infer<typeof ticketCategorySchema>;

export const TICKET_PRIORITIES = ["low", "medium", "high", "urgent"] as const;
export const ticketPrioritySchema = z.enum(TICKET_PRIORITIES, {
  error: `Priority must be one of ${TICKET_PRIORITIES.join(", ")}`,
});
export type TicketPriority = z.infer<typeof ticketPrioritySchema>;

/** open: waiting for an agent; awaiting_response: an agent answered and waits for the user; resolved. */
export const TICKET_STATUSES = ["open", "awaiting_response", "resolved"] as const;
export const ticketStatusSchema = z.enum(TICKET_STATUSES, {
  error: `Status must be one of ${TICKET_STATUSES.join(", ")}`,
});
export type TicketStatus = z.infer<typeof ticketStatusSchema>;

export const SENDER_TYPES = ["user", "admin", "ai"] as const;
export const senderTypeSchema = z.enum(SENDER_TYPES);
export type SenderType = z.infer<typeof senderTypeSchema>;

export const SUBJECT_MAX_LENGTH = 200;
export const MESSAGE_MAX_LENGTH = 10_000;
/** An owner may reopen a resolved ticket this long after it was resolved. */
export const REOPEN_WITHIN_DAYS = 30;
/** New tickets one user may open per hour; one more is a 429. */
export const TICKETS_PER_HOUR = 10;
/** At most one notification email per ticket and recipient in this many minutes. */
export const EMAIL_NOTICE_EVERY_MINUTES = 15;
/** Agents' queue pages. */
export const ADMIN_TICKETS_PAGE_SIZE = 50;
export const ADMIN_TICKETS_PAGE_MAX = 100;
/** The label an automatic answer carries wherever it is shown. */
export const AI_ANSWER_LABEL = "Automatic answer from our help articles";

function requiredText(label: string, max: number) {
  return text({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max.toLocaleString("en")} characters`);
}

/** POST /api/support/tickets (subject and description required; category general, priority medium). */
export const createTicketRequestSchema = z.object({
  subject: requiredText("Subject", SUBJECT_MAX_LENGTH),
  description: requiredText("Description", MESSAGE_MAX_LENGTH),
  category: ticketCategorySchema.default("general"),
  priority: ticketPrioritySchema.default("medium"),
});
export type CreateTicketRequest = z.input<typeof createTicketRequestSchema>;

/** POST /api/support/tickets/{ticketId}/messages (non-empty after trimming). */
export const ticketMessageRequestSchema = z.object({
  message: requiredText("Message", MESSAGE_MAX_LENGTH),
});
export type TicketMessageRequest = z.input<typeof ticketMessageRequestSchema>;

/**
 * PATCH /api/support/tickets/{id}. Owners may set status resolved or open (reopen, within REOPEN_WITHIN_DAYS);
 * agents any field. assignedTo: an agent's user id, or null to unassign.
 */
export const updateTicketRequestSchema = z
  .object({
    status: ticketStatusSchema.optional(),
    priority: ticketPrioritySchema.optional(),
    assignedTo: z.uuid({ error: "assignedTo must be a user id or null" }).nullable().optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    message: "Nothing to change: send status, priority or assignedTo",
  });
export type UpdateTicketRequest = z.input<typeof updateTicketRequestSchema>;

/** POST /api/support/tickets/{id}/read: the last message the caller has seen. */
export const markTicketReadRequestSchema = z.object({
  lastReadMessageId: z.number({ error: "lastReadMessageId must be a message id" }).int().positive(),
});
export type MarkTicketReadRequest = z.input<typeof markTicketReadRequestSchema>;

const timestamp = z.iso.datetime({ offset: true });

/** A ticket as its owner (and an agent) sees it: its own fields plus activity, assignment and unread count. */
export const ticketSchema = z.object({
  id: z.uuid(),
  subject: z.string(),
  description: z.string(),
  category: ticketCategorySchema,
  priority: ticketPrioritySchema,
  status: ticketStatusSchema,
  createdAt: timestamp,
  /** The latest message's time: lists sort by it, newest first. */
  lastActivityAt: timestamp,
  resolvedAt: timestamp.nullable(),
  /** The automatic first answer, when the help articles had one. */
  aiResponse: z.string().nullable(),
  /** The latest agent answer. */
  adminResponse: z.string().nullable(),
  assignedTo: z.uuid().nullable(),
  /** Messages from the other side the caller has not read. */
  unreadCount: z.number().int().min(0),
});
export type Ticket = z.infer<typeof ticketSchema>;
export const ticketListSchema = z.array(ticketSchema);

export const ticketMessageSchema = z.object({
  id: z.number().int().positive(),
  ticketId: z.uuid(),
  senderType: senderTypeSchema,
  /** The agent's or user's display name; null for ai. */
  senderName: z.string().nullable(),
  message: z.string(),
  createdAt: timestamp,
  /** Hidden by an agent: kept, shown to agents only. */
  hidden: z.boolean(),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;
export const ticketMessageListSchema = z.array(ticketMessageSchema);

/** GET /api/support/admin/tickets query. */
export const adminTicketQuerySchema = z.object({
  status: ticketStatusSchema.optional(),
  category: ticketCategorySchema.optional(),
  priority: ticketPrioritySchema.optional(),
  /** "me": only tickets assigned to the calling agent; "none": unassigned. */
  assigned: z.enum(["me", "none"], { error: "assigned must be me or none" }).optional(),
  /** Matches the subject or the user's email. */
  q: text({ error: "q must be text" }).trim().max(200, "q must be at most 200 characters").optional(),
  ...pageParameters(ADMIN_TICKETS_PAGE_SIZE, ADMIN_TICKETS_PAGE_MAX),
});
export type AdminTicketQuery = z.input<typeof adminTicketQuerySchema>;

/** A ticket as the agents' queue lists it: who opened it, what it is about, where it stands. */
export const adminTicketRowSchema = z.object({
  id: z.uuid(),
  userEmail: z.string(),
  subject: z.string(),
  /** The ticket's opening message: the messages endpoint leaves it out, so the agent's pane shows it from here. */
  description: z.string(),
  category: ticketCategorySchema,
  priority: ticketPrioritySchema,
  status: ticketStatusSchema,
  createdAt: timestamp,
  lastActivityAt: timestamp,
  assignedTo: z.uuid().nullable(),
  unreadCount: z.number().int().min(0),
});
export type AdminTicketRow = z.infer<typeof adminTicketRowSchema>;
export const adminTicketPageSchema = z.object({
  tickets: z.array(adminTicketRowSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type AdminTicketPage = z.infer<typeof adminTicketPageSchema>;

/** Realtime topics (private; their policies live in the support migrations). */
export const ticketTopic = (ticketId: string): string => `ticket:${ticketId}`;
export const userTopic = (userId: string): string => `user:${userId}`;
export const SUPPORT_AGENTS_TOPIC = "support:agents";

/** Broadcast on ticket:{id} by the database when a message is stored. */
export const TICKET_MESSAGE_EVENT = "message";
export const ticketMessageEventSchema = ticketMessageSchema;

/** Broadcast on support:agents and the owner's user:{id} when a ticket is created or its status, priority or
 * assignment changes, or a message moves its activity. */
export const TICKET_CHANGED_EVENT = "ticket";
export const ticketChangedEventSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  subject: z.string(),
  category: ticketCategorySchema,
  priority: ticketPrioritySchema,
  status: ticketStatusSchema,
  lastActivityAt: timestamp,
  resolvedAt: timestamp.nullable(),
  assignedTo: z.uuid().nullable(),
  /** What changed it: created, status, priority, assigned, message (from which side). */
  change: z.enum(["created", "status", "priority", "assigned", "user_message", "admin_message", "ai_message"]),
});
export type TicketChangedEvent = z.infer<typeof ticketChangedEventSchema>;

/** Sent by clients on ticket:{id}, never stored: someone is typing. */
export const TYPING_EVENT = "typing";
export const typingEventSchema = z.object({
  senderType: z.enum(["user", "admin"]),
  name: z.string().max(100),
});
export type TypingEvent = z.infer<typeof typingEventSchema>;
