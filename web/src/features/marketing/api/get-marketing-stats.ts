// GET /api/marketing/stats: the Overview's four figures over every kind of campaign. Its key is under the marketing
// figures' prefix, which every campaign change invalidates.
import { type MarketingStats, marketingStatsSchema } from "@contracts/marketing";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";

/** The prefix of the figures computed over campaigns: stats and analytics. */
export const marketingFiguresQueryKey = ["marketing-figures"] as const;

export function marketingStatsQueryOptions() {
  return queryOptions({
    meta: userScoped,
    queryKey: [...marketingFiguresQueryKey, "/api/marketing/stats"] as const,
    queryFn: async ({ signal }): Promise<MarketingStats> =>
      readJson(await apiFetch("/api/marketing/stats", { signal }), marketingStatsSchema),
  });
}

export function useMarketingStats() {
  return useQuery(marketingStatsQueryOptions());
}
