// What the bell's events and actions do to the cached inbox. Pure, so the rules are tested without a socket: a
// notification already there (the list fetched after it was sent) is not added or counted twice.
import type { Notification, NotificationPage } from "@contracts/marketing";

export function addNotification(page: NotificationPage | undefined, notification: Notification): NotificationPage | undefined {
  if (!page || page.notifications.some((kept) => kept.id === notification.id)) return page;
  return {
    ...page,
    notifications: [notification, ...page.notifications],
    unread: page.unread + (notification.readAt ? 0 : 1),
  };
}

/** The page with `ids` (or every notification) read now. */
export function markRead(page: NotificationPage | undefined, ids: readonly string[] | "all"): NotificationPage | undefined {
  if (!page) return page;
  const readAt = new Date().toISOString();
  let newlyRead = 0;
  const notifications = page.notifications.map((notification) => {
    if (notification.readAt || (ids !== "all" && !ids.includes(notification.id))) return notification;
    newlyRead += 1;
    return { ...notification, readAt };
  });
  return { ...page, notifications, unread: ids === "all" ? 0 : Math.max(0, page.unread - newlyRead) };
}
