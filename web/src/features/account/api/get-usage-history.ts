// GET /api/account/usage/history?days=: units used per day, kind of work and source, newest day first.
import { type UsageHistory, usageHistorySchema } from "@contracts/billing";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";

export const USAGE_HISTORY_DAYS = 30;

export const usageHistoryQueryKey = ["/api/account/usage/history"] as const;

export async function getUsageHistory(days: number, signal?: AbortSignal): Promise<UsageHistory> {
  return readJson(await apiFetch(`/api/account/usage/history?days=${days}`, { signal }), usageHistorySchema);
}

export function usageHistoryQueryOptions(days = USAGE_HISTORY_DAYS) {
  return queryOptions({
    queryKey: [...usageHistoryQueryKey, days],
    queryFn: ({ signal }) => getUsageHistory(days, signal),
    meta: userScoped,
  });
}

export function useUsageHistory(days = USAGE_HISTORY_DAYS) {
  return useQuery(usageHistoryQueryOptions(days));
}
