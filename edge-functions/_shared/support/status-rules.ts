// Who may change what on a ticket: the owner resolves their ticket or reopens it within
// REOPEN_WITHIN_DAYS of its resolution; an agent (an admin) sets status, priority and assignment freely. The database's
// trigger enforces the same (it is the guard); these rules give the caller a clear refusal before it is asked.
import { REOPEN_WITHIN_DAYS, type TicketPriority, type TicketStatus } from "./contract.ts";

export type TicketActor = "owner" | "agent";

export interface TicketState {
  status: TicketStatus;
  resolvedAt: Date | null;
}

export interface TicketPatch {
  status?: TicketStatus;
  priority?: TicketPriority;
  assignedTo?: string | null;
}

export type TicketChangeRefusal =
  /** Priority and assignment are the agents' to set. */
  | "agent_only"
  /** The owner may only resolve or reopen. */
  | "status_not_allowed"
  /** The owner's reopen came more than REOPEN_WITHIN_DAYS after the resolution. */
  | "reopen_window_passed";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether a resolved ticket may still be reopened by its owner at `now`. */
export function canReopen(ticket: TicketState, now: Date): boolean {
  return ticket.status === "resolved" &&
    (ticket.resolvedAt === null || now.getTime() - ticket.resolvedAt.getTime() <= REOPEN_WITHIN_DAYS * DAY_MS);
}

/** Why `actor` may not apply `patch` to `ticket` at `now`, or null when it may. Setting what already is, is allowed. */
export function refusalOfChange(
  actor: TicketActor,
  ticket: TicketState,
  patch: TicketPatch,
  now: Date,
): TicketChangeRefusal | null {
  if (actor === "agent") return null;
  if (patch.priority !== undefined || patch.assignedTo !== undefined) return "agent_only";
  if (patch.status === undefined || patch.status === ticket.status) return null;
  if (patch.status === "resolved") return null;
  if (patch.status === "open" && ticket.status === "resolved") {
    return canReopen(ticket, now) ? null : "reopen_window_passed";
  }
  return "status_not_allowed";
}
