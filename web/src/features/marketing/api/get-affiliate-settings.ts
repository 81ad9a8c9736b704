// GET /api/affiliate/admin/settings: one row per CRM partner's ad.
import { type AffiliateSetting, affiliateSettingSchema } from "@contracts/marketing";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiFetch, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";

export const affiliateSettingsQueryKey = ["/api/affiliate/admin/settings"] as const;

export function affiliateSettingsQueryOptions() {
  return queryOptions({
    meta: userScoped,
    queryKey: affiliateSettingsQueryKey,
    queryFn: async ({ signal }): Promise<AffiliateSetting[]> =>
      readJson(await apiFetch("/api/affiliate/admin/settings", { signal }), z.array(affiliateSettingSchema)),
  });
}

export function useAffiliateSettings() {
  return useQuery(affiliateSettingsQueryOptions());
}
