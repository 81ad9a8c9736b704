// The support center: tickets between users and support agents (admins), their conversations and read state, the
// automatic first answer from the help articles, and the emails that tell the other side. The api reaches the feature
// through this file only.
export { listAgentQueue } from "./agent-queue.ts";
export { hideTicketMessage, listTicketMessages, markTicketRead, postTicketMessage } from "./ticket-messages.ts";
export { listOwnTickets, openTicket, updateTicket } from "./tickets.ts";
export { HELP_MATCH_THRESHOLD, matchHelpArticles } from "./help-articles.ts";
export {
  adminTicketPageSchema,
  adminTicketQuerySchema,
  createTicketRequestSchema,
  markTicketReadRequestSchema,
  ticketListSchema,
  ticketMessageListSchema,
  ticketMessageRequestSchema,
  ticketMessageSchema,
  ticketSchema,
  updateTicketRequestSchema,
} from "./contract.ts";
