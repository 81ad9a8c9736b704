// The agents' queue: every ticket, newest activity first, filtered and searched, a page at a time, as the agent (RLS
// lets admins read every ticket and profile; the api's admin guard already refused everyone else).
import type { z } from "zod";
import type { AccessTokenClaims } from "../auth/index.ts";
import { asUser } from "../db/as-user.ts";
import { likePattern } from "../db/like-pattern.ts";
import type { AdminTicketPage, adminTicketQuerySchema } from "./contract.ts";
import { ticketFromRow, unreadCount } from "./ticket-rows.ts";

export type AdminTicketQuery = z.output<typeof adminTicketQuerySchema>;

/** GET /api/support/admin/tickets */
export async function listAgentQueue(claims: AccessTokenClaims, query: AdminTicketQuery): Promise<AdminTicketPage> {
  return await asUser(claims, async (sql) => {
    const q = query.q ? likePattern(query.q) : null;
    const where = sql`
      where true
      ${query.status ? sql`and t.status = ${query.status}` : sql``}
      ${query.category ? sql`and t.category = ${query.category}` : sql``}
      ${query.priority ? sql`and t.priority = ${query.priority}` : sql``}
      ${query.assigned === "me" ? sql`and t.assigned_to = ${claims.sub}` : sql``}
      ${query.assigned === "none" ? sql`and t.assigned_to is null` : sql``}
      ${q ? sql`and (t.subject ilike ${q} or t.user_id in (select id from public.profiles where email ilike ${q}))` : sql``}
    `;
    // The page first, then its unread counts: counting for every matching ticket would read them all.
    const rows = await sql`
      with page as (
        select t.* from public.support_tickets t
        ${where}
        order by t.last_activity_at desc, t.id
        limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}
      )
      select t.*, p.email as user_email, ${unreadCount(sql, claims.sub, "agent")}
      from page t join public.profiles p on p.id = t.user_id
      order by t.last_activity_at desc, t.id
    `;
    const [count] = await sql<{ total: number }[]>`select count(*)::int as total from public.support_tickets t ${where}`;
    return {
      tickets: rows.map((row) => {
        const ticket = ticketFromRow(row);
        return {
          id: ticket.id,
          userEmail: String(row.user_email ?? ""),
          subject: ticket.subject,
          description: ticket.description,
          category: ticket.category,
          priority: ticket.priority,
          status: ticket.status,
          createdAt: ticket.createdAt,
          lastActivityAt: ticket.lastActivityAt,
          assignedTo: ticket.assignedTo,
          unreadCount: ticket.unreadCount,
        };
      }),
      total: count?.total ?? 0,
      page: query.page,
      pageSize: query.pageSize,
    };
  });
}
