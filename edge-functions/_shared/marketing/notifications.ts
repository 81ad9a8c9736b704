// A signed-in user's notification inbox, read and marked as that user (RLS: the owner reads their rows and sets only
// read_at; every query also names the user, since an admin may read everyone's). The app's acknowledgement that a
// notification arrived goes through the database's definer function, which counts the delivery once.
import type { AccessTokenClaims } from "../auth/index.ts";
import { asUser } from "../db/as-user.ts";
import { DomainError } from "../errors.ts";
import type { NotificationPage } from "./contract.ts";
import { acknowledgeNotification } from "./privileged.ts";

export const NOTIFICATIONS_PAGE_SIZE = 20;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface NotificationRow {
  id: string;
  title: string;
  body: string;
  url: string | null;
  icon: string | null;
  created_at: Date;
  read_at: Date | null;
}

export async function notificationPage(claims: AccessTokenClaims, before?: string): Promise<NotificationPage> {
  return await asUser(claims, async (sql) => {
    const rows = await sql<NotificationRow[]>`
      select id, title, body, url, icon, created_at, read_at from public.user_notifications
      where user_id = ${claims.sub} ${before ? sql`and created_at < ${before}` : sql``}
      order by created_at desc, id desc
      limit ${NOTIFICATIONS_PAGE_SIZE + 1}
    `;
    const [counted] = await sql<{ unread: number }[]>`
      select count(*)::int as unread from public.user_notifications where user_id = ${claims.sub} and read_at is null
    `;
    const page = rows.slice(0, NOTIFICATIONS_PAGE_SIZE);
    return {
      notifications: page.map((row) => ({
        id: row.id,
        title: row.title,
        body: row.body,
        url: row.url,
        icon: row.icon,
        createdAt: row.created_at.toISOString(),
        readAt: row.read_at?.toISOString() ?? null,
      })),
      unread: counted!.unread,
      nextBefore: rows.length > NOTIFICATIONS_PAGE_SIZE ? page.at(-1)!.created_at.toISOString() : null,
    };
  });
}

function notificationId(text: string | undefined): string {
  if (!text || !UUID.test(text)) throw new DomainError("notification_not_found");
  return text.toLowerCase();
}

/** Marks one of the user's notifications read (a second time keeps the first time). */
export async function markNotificationRead(claims: AccessTokenClaims, id: string | undefined): Promise<void> {
  const notification = notificationId(id);
  const rows = await asUser(claims, (sql) => sql`
    update public.user_notifications set read_at = coalesce(read_at, now())
    where id = ${notification} and user_id = ${claims.sub}
    returning id
  `);
  if (rows.length === 0) throw new DomainError("notification_not_found");
}

export async function markAllNotificationsRead(claims: AccessTokenClaims): Promise<void> {
  await asUser(claims, (sql) => sql`
    update public.user_notifications set read_at = now() where user_id = ${claims.sub} and read_at is null
  `);
}

/** The app got the notification (live or by push): counted once as delivered. */
export async function acknowledgeDelivery(userId: string, id: string | undefined): Promise<void> {
  if (!await acknowledgeNotification(userId, notificationId(id))) throw new DomainError("notification_not_found");
}
