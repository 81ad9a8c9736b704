// GET /api/marketing/settings: the switches delivery and sends honour.
import { type MarketingSettings, marketingSettingsSchema } from "@contracts/marketing";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";

export const marketingSettingsQueryKey = ["/api/marketing/settings"] as const;

export function marketingSettingsQueryOptions() {
  return queryOptions({
    meta: userScoped,
    queryKey: marketingSettingsQueryKey,
    queryFn: async ({ signal }): Promise<MarketingSettings> =>
      readJson(await apiFetch("/api/marketing/settings", { signal }), marketingSettingsSchema),
  });
}

export function useMarketingSettings() {
  return useQuery(marketingSettingsQueryOptions());
}
