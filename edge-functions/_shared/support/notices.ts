// Telling the other side that a ticket moved, by email through the product's sender: the owner when an agent replied,
// the agents (every admin) when a ticket is opened or its owner replied. An email says only that something happened
// and links to the ticket, never what was written; it goes only to a recipient who has not read the message yet, and
// at most once per ticket and recipient in EMAIL_NOTICE_EVERY_MINUTES (the database keeps that throttle). A failed
// send is logged and dropped: the in-app unread count still shows the message.
import { sendEmail } from "../email/index.ts";
import { env } from "../env.ts";
import { EMAIL_NOTICE_EVERY_MINUTES } from "./contract.ts";
import { claimEmailNotice, hasRead, type NoticeRecipient, supportAgents, ticketOwner } from "./privileged.ts";

export type TicketNotice =
  /** A new ticket, for the agents. */
  | { kind: "new_ticket"; ticketId: string; senderId: string }
  /** The owner replied, for the agents. */
  | { kind: "user_reply"; ticketId: string; senderId: string; messageId: number }
  /** An agent replied, for the owner. */
  | { kind: "agent_reply"; ticketId: string; senderId: string; messageId: number };

export interface NoticeEmail {
  subject: string;
  text: string;
}

/** The email for a notice: what happened and the link, nothing of the conversation. */
export function noticeEmail(kind: TicketNotice["kind"], siteUrl: string, ticketId: string): NoticeEmail {
  const origin = siteUrl.replace(/\/+$/, "");
  const id = encodeURIComponent(ticketId);
  const signature = "\n\nMailScout Support";
  switch (kind) {
    case "agent_reply":
      return {
        subject: "New reply to your support ticket",
        text: `Our support team replied to your ticket.\n\nRead the reply: ${origin}/support?ticket=${id}${signature}`,
      };
    case "new_ticket":
      return {
        subject: "New support ticket",
        text: `A new support ticket is waiting.\n\nOpen it: ${origin}/admin/support?ticket=${id}${signature}`,
      };
    case "user_reply":
      return {
        subject: "New reply on a support ticket",
        text: `A user replied on their ticket.\n\nOpen it: ${origin}/admin/support?ticket=${id}${signature}`,
      };
  }
}

async function recipientsOf(notice: TicketNotice): Promise<NoticeRecipient[]> {
  if (notice.kind === "agent_reply") {
    const owner = await ticketOwner(notice.ticketId);
    return owner && owner.id !== notice.senderId ? [owner] : [];
  }
  // An agent who opens a ticket or replies as its owner is not told about their own words.
  return (await supportAgents()).filter((agent) => agent.id !== notice.senderId);
}

/** Sends the notice's emails; resolves when every recipient was mailed, skipped or failed (logged). */
export async function sendTicketNotices(notice: TicketNotice): Promise<void> {
  const settings = env();
  const email = noticeEmail(notice.kind, settings.SITE_URL ?? settings.SUPABASE_URL, notice.ticketId);
  const recipients = await recipientsOf(notice);
  const results = await Promise.allSettled(recipients.map(async (recipient) => {
    if ("messageId" in notice && await hasRead(notice.ticketId, recipient.id, notice.messageId)) return;
    if (!(await claimEmailNotice(notice.ticketId, recipient.id, EMAIL_NOTICE_EVERY_MINUTES))) return;
    await sendEmail({ from: settings.EMAIL_FROM, to: recipient.email, ...email });
  }));
  for (const result of results) {
    if (result.status === "rejected") console.error(`Support notice for ticket ${notice.ticketId} failed:`, result.reason);
  }
}
