// GET …/sync-stats: the six tiles' counters (the admin's are platform totals).
import { syncStatsSchema } from "@contracts/crm";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";
import type { CrmPaths } from "../paths";
import { syncStatsQueryKey } from "./crm-keys";

export function syncStatsQueryOptions(paths: CrmPaths) {
  return queryOptions({
    meta: userScoped,
    queryKey: syncStatsQueryKey(paths.area),
    queryFn: async ({ signal }) => readJson(await apiFetch(`${paths.sync}/sync-stats`, { signal }), syncStatsSchema),
  });
}

export function useSyncStats(paths: CrmPaths) {
  return useQuery(syncStatsQueryOptions(paths));
}
