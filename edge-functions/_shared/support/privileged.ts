// The support center's work past RLS, on the functions' own connection: the automatic answer (ai messages are written
// only by the server), the help articles' search, and the notices (who is told by email, whether they have read the
// message already, and the 15-minute throttle). Everything a user or an agent asks for goes through as-user instead.
import { database } from "../db/pool.ts";

export interface HelpMatch {
  slug: string;
  title: string;
  /** The SPA page (and anchor) the article lives at. */
  path: string;
  rank: number;
}

/** private.support_search_help: full-text search over the help articles, best first. */
export async function searchHelp(query: string, limit: number): Promise<HelpMatch[]> {
  const rows = await database()<HelpMatch[]>`
    select slug, title, path, rank from private.support_search_help(${query}, ${limit}) order by rank desc, slug
  `;
  return rows.map((row) => ({ ...row, rank: Number(row.rank) }));
}

/** An article's text, for the automatic answer. */
export async function helpArticleBody(slug: string): Promise<string | null> {
  const [row] = await database()<{ body: string }[]>`select body from public.help_articles where slug = ${slug}`;
  return row?.body ?? null;
}

/** Posts the automatic answer as the ticket's ai message; its id. */
export async function postAiAnswer(ticketId: string, message: string): Promise<number> {
  const [row] = await database()<{ id: string }[]>`select private.support_post_ai_answer(${ticketId}, ${message}) as id`;
  return Number(row!.id);
}

export interface NoticeRecipient {
  id: string;
  email: string;
}

/** The ticket's owner, when they have an email address. */
export async function ticketOwner(ticketId: string): Promise<NoticeRecipient | null> {
  const [row] = await database()<NoticeRecipient[]>`
    select p.id, p.email from public.support_tickets t join public.profiles p on p.id = t.user_id
    where t.id = ${ticketId} and p.email is not null
  `;
  return row ?? null;
}

/** The support agents: every admin with an email address. */
export async function supportAgents(): Promise<NoticeRecipient[]> {
  return await database()<NoticeRecipient[]>`
    select id, email from public.profiles where is_admin and email is not null order by id
  `;
}

/** Whether the recipient has read the ticket up to `messageId`. */
export async function hasRead(ticketId: string, recipientId: string, messageId: number): Promise<boolean> {
  const [row] = await database()<{ read: boolean }[]>`
    select exists (
      select from public.ticket_reads
      where ticket_id = ${ticketId} and user_id = ${recipientId} and last_read_message_id >= ${messageId}
    ) as read
  `;
  return row!.read;
}

/** True (and recorded) when no email about the ticket went to the recipient in the last `minutes`. */
export async function claimEmailNotice(ticketId: string, recipientId: string, minutes: number): Promise<boolean> {
  const [row] = await database()<{ claimed: boolean }[]>`
    select private.support_claim_email_notice(${ticketId}, ${recipientId}, ${minutes}) as claimed
  `;
  return row!.claimed;
}
