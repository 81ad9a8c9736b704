// How tickets read on screen: the words for categories, statuses and priorities, their badges, and dates in the
// en-US short month format.
import type { TicketCategory, TicketPriority, TicketStatus } from "@contracts/support";

export const CATEGORY_LABELS: Record<TicketCategory, string> = {
  general: "General",
  billing: "Billing",
  technical: "Technical",
  email_validation: "Email validation",
  contact_management: "Contact management",
  account: "Account",
};

export const PRIORITY_LABELS: Record<TicketPriority, string> = {
  low: "Low",
  medium: "Medium",
  high: "High",
  urgent: "Urgent",
};

export const STATUS_LABELS: Record<TicketStatus, string> = {
  open: "Open",
  awaiting_response: "Awaiting response",
  resolved: "Resolved",
};

type BadgeVariant = "default" | "secondary" | "outline" | "success" | "destructive";

export const STATUS_BADGES: Record<TicketStatus, BadgeVariant> = {
  open: "default",
  awaiting_response: "secondary",
  resolved: "success",
};

export const PRIORITY_BADGES: Record<TicketPriority, BadgeVariant> = {
  low: "outline",
  medium: "secondary",
  high: "default",
  urgent: "destructive",
};

const dateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });
const timeFormat = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit" });

/** "Nov 26, 2026" */
export function formatTicketDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** "1:05 PM" */
export function formatMessageTime(iso: string): string {
  return timeFormat.format(new Date(iso));
}
