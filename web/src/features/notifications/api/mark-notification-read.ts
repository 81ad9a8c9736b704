// POST /api/notifications/{id}/read: one notification read (opened from the bell). The cached list is marked at once.
import type { NotificationPage } from "@contracts/marketing";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { markRead } from "../live/cache-updates";
import { notificationsQueryKey } from "./get-notifications";

export async function markNotificationRead(id: string): Promise<void> {
  await apiFetch(`/api/notifications/${encodeURIComponent(id)}/read`, { method: "POST" });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: (id) => queryClient.setQueryData<NotificationPage>(notificationsQueryKey, (page) => markRead(page, [id])),
    onError: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
