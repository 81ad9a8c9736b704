// The support feature's public face: the user's support center, the agents' queue and the header's unread badge.
export { type AgentQueueView, AgentQueuePage } from "./components/agent-queue-page";
export { SupportPage } from "./components/support-page";
export { SupportUnreadBadge } from "./components/support-unread-badge";
export { useAdminTickets } from "./api/get-admin-tickets";
export { PriorityBadge, StatusBadge } from "./components/ticket-badges";
export { formatTicketDate } from "./labels";
export { useUnreadTicketCount } from "./use-unread-ticket-count";
