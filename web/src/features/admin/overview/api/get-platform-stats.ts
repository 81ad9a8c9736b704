// GET /api/admin/platform-stats?timeframe=: the window's figures, the previous window's for the trends, and the
// charts' series. Refetched every minute while the overview is open.
import { PLATFORM_STATS_REFETCH_MS, type PlatformStats, platformStatsSchema, type Timeframe } from "@contracts/admin";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";

export const platformStatsQueryKey = ["/api/admin/platform-stats"] as const;

export async function getPlatformStats(timeframe: Timeframe, signal?: AbortSignal): Promise<PlatformStats> {
  const search = new URLSearchParams({ timeframe });
  return readJson(await apiFetch(`/api/admin/platform-stats?${search}`, { signal }), platformStatsSchema);
}

export function platformStatsQueryOptions(timeframe: Timeframe) {
  return queryOptions({
    meta: userScoped,
    queryKey: [...platformStatsQueryKey, timeframe] as const,
    queryFn: ({ signal }) => getPlatformStats(timeframe, signal),
    refetchInterval: PLATFORM_STATS_REFETCH_MS,
    // The previous timeframe's figures stay while the next one loads, so the cards do not flash.
    placeholderData: keepPreviousData,
  });
}

export function usePlatformStats(timeframe: Timeframe) {
  return useQuery(platformStatsQueryOptions(timeframe));
}
