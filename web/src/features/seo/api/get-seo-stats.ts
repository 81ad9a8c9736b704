// GET /api/admin/seo/stats: the dashboard's stat cards.
import { seoStatsSchema } from "@contracts/seo";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";
import { seoStatsQueryKey } from "./admin-seo-keys";

export function seoStatsQueryOptions() {
  return queryOptions({
    meta: userScoped,
    queryKey: seoStatsQueryKey,
    queryFn: async ({ signal }) => readJson(await apiFetch("/api/admin/seo/stats", { signal }), seoStatsSchema),
  });
}

export function useSeoStats() {
  return useQuery(seoStatsQueryOptions());
}
