// A user's tickets and an agent's changes to any ticket, as the caller (RLS decides: the owner sees theirs, admins
// all). Opening a ticket counts against TICKETS_PER_HOUR, then the automatic answer and the agents' emails follow in
// the background, past the answer. Knows nothing of HTTP.
import type { z } from "zod";
import type { AccessTokenClaims } from "../auth/index.ts";
import { asUser, type UserSql } from "../db/as-user.ts";
import { DomainError } from "../errors.ts";
import { inBackground } from "../jobs/index.ts";
import { type RateLimitDecision, takeRateLimit } from "../rate-limits/index.ts";
import {
  type createTicketRequestSchema,
  REOPEN_WITHIN_DAYS,
  type Ticket,
  TICKETS_PER_HOUR,
  type updateTicketRequestSchema,
} from "./contract.ts";
import { refusalsAsDomainErrors } from "./database-errors.ts";
import { postFirstAnswer } from "./first-answer.ts";
import { sendTicketNotices } from "./notices.ts";
import { refusalOfChange, type TicketActor, type TicketChangeRefusal } from "./status-rules.ts";
import { ticketFromRow, ticketsQuery, type TicketView, visibleTicket } from "./ticket-rows.ts";

export type CreateTicket = z.output<typeof createTicketRequestSchema>;
export type UpdateTicket = z.output<typeof updateTicketRequestSchema>;

const HOUR_SECONDS = 3600;

/** Runs work after the answer (EdgeRuntime.waitUntil); its failure is logged, never the caller's. */
export function afterAnswering(what: string, work: () => Promise<unknown>): void {
  void inBackground(work().catch((error) => console.error(`${what} failed:`, error)));
}

/** Whether the caller is a support agent (an admin), asked in their own transaction. */
export async function isAgent(sql: UserSql): Promise<boolean> {
  const [row] = await sql<{ agent: boolean }[]>`select private.is_admin() as agent`;
  return row?.agent ?? false;
}

/** GET /api/support/tickets: the caller's own tickets, newest activity first, with their unread answers. */
export async function listOwnTickets(claims: AccessTokenClaims): Promise<Ticket[]> {
  const rows = await asUser(claims, (sql) => sql`
    ${ticketsQuery(sql, claims.sub, "owner")} where t.user_id = ${claims.sub}
    order by t.last_activity_at desc, t.id
  `);
  return rows.map((row) => publicTicket(ticketFromRow(row)));
}

/** The ticket without the owner's id, which the contract's ticket does not carry. */
function publicTicket({ userId: _, ...ticket }: Ticket & { userId: string }): Ticket {
  return ticket;
}

/** POST /api/support/tickets: refused past TICKETS_PER_HOUR; the limit's decision goes out with the answer. */
export async function openTicket(
  claims: AccessTokenClaims,
  input: CreateTicket,
): Promise<{ ticket: Ticket; limit: RateLimitDecision }> {
  const limit = await takeRateLimit({
    subject: `user:${claims.sub}`,
    action: "support_ticket",
    limit: TICKETS_PER_HOUR,
    windowSeconds: HOUR_SECONDS,
  });
  if (!limit.allowed) {
    throw new DomainError("rate_limited", {
      decision: limit,
      what: `Too many new tickets: at most ${TICKETS_PER_HOUR} an hour.`,
    });
  }
  const ticket = await asUser(claims, async (sql) => {
    const [row] = await sql<{ id: string }[]>`
      insert into public.support_tickets ${
      sql({
        user_id: claims.sub,
        subject: input.subject,
        description: input.description,
        category: input.category,
        priority: input.priority,
      })
    } returning id
    `;
    return (await visibleTicket(sql, claims.sub, row!.id, "owner"))!;
  });
  afterAnswering(`The first answer and notices of ticket ${ticket.id}`, async () => {
    await postFirstAnswer(ticket);
    await sendTicketNotices({ kind: "new_ticket", ticketId: ticket.id, senderId: claims.sub });
  });
  return { ticket: publicTicket(ticket), limit };
}

/**
 * PATCH /api/support/tickets/{id}: the owner resolves or reopens; an agent sets status, priority and assignment (to an
 * agent, or null). The answer is the ticket as the caller now sees it.
 */
export async function updateTicket(claims: AccessTokenClaims, ticketId: string, patch: UpdateTicket): Promise<Ticket> {
  return publicTicket(
    await refusalsAsDomainErrors(() =>
    asUser(claims, async (sql) => {
      const actor: TicketActor = (await isAgent(sql)) ? "agent" : "owner";
      const view: TicketView = actor;
      const current = await visibleTicket(sql, claims.sub, ticketId, view);
      if (!current) throw new DomainError("ticket_not_found");
      const state = { status: current.status, resolvedAt: current.resolvedAt ? new Date(current.resolvedAt) : null };
      const refusal = refusalOfChange(actor, state, patch, new Date());
      if (refusal) throw refusals[refusal]();
      // An assignee who is no agent is refused by the database's trigger (P0422).
      const changes = {
        ...(patch.status !== undefined ? { status: patch.status } : {}),
        ...(patch.priority !== undefined ? { priority: patch.priority } : {}),
        ...(patch.assignedTo !== undefined ? { assigned_to: patch.assignedTo } : {}),
      };
      await sql`update public.support_tickets set ${sql(changes)} where id = ${ticketId}`;
      return (await visibleTicket(sql, claims.sub, ticketId, view))!;
    })
    ),
  );
}

const refusals: Record<TicketChangeRefusal, () => DomainError> = {
  agent_only: () => new DomainError("ticket_agent_only"),
  status_not_allowed: () => new DomainError("ticket_status_not_allowed"),
  reopen_window_passed: () => new DomainError("ticket_reopen_window_passed", { days: REOPEN_WITHIN_DAYS }),
};
