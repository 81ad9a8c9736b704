// POST /api/notifications/read-all: every notification read.
import type { NotificationPage } from "@contracts/marketing";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { markRead } from "../live/cache-updates";
import { notificationsQueryKey } from "./get-notifications";

export async function markAllNotificationsRead(): Promise<void> {
  await apiFetch("/api/notifications/read-all", { method: "POST" });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: () => queryClient.setQueryData<NotificationPage>(notificationsQueryKey, (page) => markRead(page, "all")),
    onError: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
