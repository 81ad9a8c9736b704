// GET /api/admin/lifetime-stats: the platform's totals since it began, and the profit margin once costs are set.
// Refetched every five minutes while the overview is open.
import { LIFETIME_STATS_REFETCH_MS, type LifetimeStats, lifetimeStatsSchema } from "@contracts/admin";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";

export const lifetimeStatsQueryKey = ["/api/admin/lifetime-stats"] as const;

export async function getLifetimeStats(signal?: AbortSignal): Promise<LifetimeStats> {
  return readJson(await apiFetch("/api/admin/lifetime-stats", { signal }), lifetimeStatsSchema);
}

export function lifetimeStatsQueryOptions() {
  return queryOptions({
    meta: userScoped,
    queryKey: lifetimeStatsQueryKey,
    queryFn: ({ signal }) => getLifetimeStats(signal),
    refetchInterval: LIFETIME_STATS_REFETCH_MS,
  });
}

export function useLifetimeStats() {
  return useQuery(lifetimeStatsQueryOptions());
}
