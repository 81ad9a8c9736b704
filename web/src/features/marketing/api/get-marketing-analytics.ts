// GET /api/marketing/analytics: the first five campaigns' performance, the audience as the server counts it, and
// events by segment when user segmentation is on.
import { type MarketingAnalytics, marketingAnalyticsSchema } from "@contracts/marketing";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";
import { marketingFiguresQueryKey } from "./get-marketing-stats";

export function marketingAnalyticsQueryOptions() {
  return queryOptions({
    meta: userScoped,
    queryKey: [...marketingFiguresQueryKey, "/api/marketing/analytics"] as const,
    queryFn: async ({ signal }): Promise<MarketingAnalytics> =>
      readJson(await apiFetch("/api/marketing/analytics", { signal }), marketingAnalyticsSchema),
  });
}

export function useMarketingAnalytics() {
  return useQuery(marketingAnalyticsQueryOptions());
}
