// GET /api/notifications/push-config: the VAPID key browsers subscribe with; null where pushes are not set up.
import { pushConfigSchema } from "@contracts/marketing";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";

export const pushConfigQueryKey = ["/api/notifications/push-config"] as const;

export async function getPushConfig(signal?: AbortSignal) {
  return readJson(await apiFetch("/api/notifications/push-config", { signal }), pushConfigSchema);
}

export function usePushConfig(enabled: boolean) {
  return useQuery(queryOptions({ queryKey: pushConfigQueryKey, queryFn: ({ signal }) => getPushConfig(signal), enabled }));
}
