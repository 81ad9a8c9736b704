// GET /api/notifications: the signed-in person's newest notifications and how many are unread. Kept live by their
// user:{id} topic (live/), so it is asked for when the bell mounts and when that topic rejoins.
import { type NotificationPage, notificationPageSchema } from "@contracts/marketing";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";

export const notificationsQueryKey = ["/api/notifications"] as const;

export async function getNotifications(signal?: AbortSignal): Promise<NotificationPage> {
  return readJson(await apiFetch("/api/notifications", { signal }), notificationPageSchema);
}

export function notificationsQueryOptions() {
  return queryOptions({ meta: userScoped, queryKey: notificationsQueryKey, queryFn: ({ signal }) => getNotifications(signal) });
}

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}
