// GET /api/temp-admin-stats?timeframe=today|7days|30days|90days: the overview's figures, by the same SQL, for the
// platform analytics page's timeframes. Refetched every minute, as the overview's are.
import {
  PLATFORM_STATS_REFETCH_MS,
  type TempAdminStats,
  tempAdminStatsSchema,
  type TempAdminTimeframe,
} from "@contracts/admin";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";

export const tempAdminStatsQueryKey = ["/api/temp-admin-stats"] as const;

export async function getTempAdminStats(timeframe: TempAdminTimeframe, signal?: AbortSignal): Promise<TempAdminStats> {
  const search = new URLSearchParams({ timeframe });
  return readJson(await apiFetch(`/api/temp-admin-stats?${search}`, { signal }), tempAdminStatsSchema);
}

export function tempAdminStatsQueryOptions(timeframe: TempAdminTimeframe) {
  return queryOptions({
    meta: userScoped,
    queryKey: [...tempAdminStatsQueryKey, timeframe] as const,
    queryFn: ({ signal }) => getTempAdminStats(timeframe, signal),
    refetchInterval: PLATFORM_STATS_REFETCH_MS,
    placeholderData: keepPreviousData,
  });
}

export function useTempAdminStats(timeframe: TempAdminTimeframe) {
  return useQuery(tempAdminStatsQueryOptions(timeframe));
}
