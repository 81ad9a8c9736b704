// A ticket's conversation, as the caller (RLS decides: the owner reads their ticket's messages but hidden ones, agents
// all; the database sets who sent a message from the caller and refuses replies to a resolved ticket). A reply also
// moves the sender's read state to it, and tells the other side by email in the background.
import type { AccessTokenClaims } from "../auth/index.ts";
import { asUser, type UserSql } from "../db/as-user.ts";
import { DomainError } from "../errors.ts";
import type { TicketMessage } from "./contract.ts";
import { refusalsAsDomainErrors } from "./database-errors.ts";
import { sendTicketNotices } from "./notices.ts";
import { afterAnswering, isAgent } from "./tickets.ts";
import { messageFromRow, messagesQuery, visibleTicket } from "./ticket-rows.ts";

async function requireVisibleTicket(sql: UserSql, claims: AccessTokenClaims, ticketId: string): Promise<void> {
  if (!(await visibleTicket(sql, claims.sub, ticketId, "owner"))) throw new DomainError("ticket_not_found");
}

/**
 * GET /api/support/tickets/{id}/messages: oldest first, without the first message, which is the ticket's description
 * (the view shows it as the ticket's own text).
 */
export async function listTicketMessages(claims: AccessTokenClaims, ticketId: string): Promise<TicketMessage[]> {
  const rows = await asUser(claims, async (sql) => {
    await requireVisibleTicket(sql, claims, ticketId);
    return await sql`${messagesQuery(sql)} where m.ticket_id = ${ticketId} order by m.id offset 1`;
  });
  return rows.map(messageFromRow);
}

/** POST /api/support/tickets/{ticketId}/messages: 409 once the ticket is resolved. */
export async function postTicketMessage(
  claims: AccessTokenClaims,
  ticketId: string,
  message: string,
): Promise<TicketMessage> {
  const posted = await refusalsAsDomainErrors(() =>
    asUser(claims, async (sql) => {
      await requireVisibleTicket(sql, claims, ticketId);
      // The database's trigger sets the sender's type and id from the caller, whatever is sent here.
      const agent = await isAgent(sql);
      const [inserted] = await sql<{ id: string }[]>`
        insert into public.ticket_messages ${
        sql({ ticket_id: ticketId, sender_type: agent ? "admin" : "user", sender_id: claims.sub, message })
      } returning id
      `;
      const [row] = await sql`${messagesQuery(sql)} where m.id = ${inserted!.id}`;
      await markRead(sql, claims, ticketId, Number(inserted!.id));
      return messageFromRow(row);
    })
  );
  afterAnswering(`The notices of message ${posted.id}`, () =>
    sendTicketNotices({
      kind: posted.senderType === "admin" ? "agent_reply" : "user_reply",
      ticketId,
      senderId: claims.sub,
      messageId: posted.id,
    }));
  return posted;
}

/**
 * POST /api/support/tickets/{ticketId}/messages/{messageId}/hide, agents only (RLS lets only them update a message,
 * and the database's trigger records when and by whom). The message is kept; its owner no longer reads it.
 */
export async function hideTicketMessage(
  claims: AccessTokenClaims,
  ticketId: string,
  messageId: number,
): Promise<TicketMessage> {
  return await asUser(claims, async (sql) => {
    const [hidden] = await sql<{ id: string }[]>`
      update public.ticket_messages set hidden_at = now()
      where id = ${messageId} and ticket_id = ${ticketId}
      returning id
    `;
    if (!hidden) throw new DomainError("message_not_found");
    const [row] = await sql`${messagesQuery(sql)} where m.id = ${hidden.id}`;
    return messageFromRow(row);
  });
}

/** POST /api/support/tickets/{id}/read: the caller has seen the ticket up to this message (the database's trigger
 * keeps a marker from moving back). */
export async function markTicketRead(claims: AccessTokenClaims, ticketId: string, lastReadMessageId: number): Promise<void> {
  await asUser(claims, async (sql) => {
    await requireVisibleTicket(sql, claims, ticketId);
    const [seen] = await sql`
      select from public.ticket_messages where id = ${lastReadMessageId} and ticket_id = ${ticketId}
    `;
    if (!seen) throw new DomainError("invalid_input", { problem: "lastReadMessageId: not a message of this ticket" });
    await markRead(sql, claims, ticketId, lastReadMessageId);
  });
}

async function markRead(sql: UserSql, claims: AccessTokenClaims, ticketId: string, messageId: number): Promise<void> {
  await sql`
    insert into public.ticket_reads (ticket_id, user_id, last_read_message_id)
    values (${ticketId}, ${claims.sub}, ${messageId})
    on conflict (ticket_id, user_id) do update set last_read_message_id = excluded.last_read_message_id
  `;
}
