// GET …/sync-candidates?filter=&page=&pageSize=: one page of the caller's saved contacts the filter matches, and how
// many it matches in all. The page in view stays while the next one loads, so the table does not blink.
import { type SyncFilter, syncCandidatesPageSchema } from "@contracts/crm";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";
import type { CrmPaths } from "../paths";
import { syncCandidatesQueryKey } from "./crm-keys";

export const SYNC_CANDIDATES_PAGE_SIZE = 50;

export function syncCandidatesQueryOptions(paths: CrmPaths, view: { filter: SyncFilter; page: number }) {
  const query = new URLSearchParams({ filter: view.filter, page: String(view.page), pageSize: String(SYNC_CANDIDATES_PAGE_SIZE) });
  return queryOptions({
    meta: userScoped,
    queryKey: syncCandidatesQueryKey(paths.area, view),
    queryFn: async ({ signal }) =>
      readJson(await apiFetch(`${paths.sync}/sync-candidates?${query}`, { signal }), syncCandidatesPageSchema),
    placeholderData: keepPreviousData,
  });
}

export function useSyncCandidates(paths: CrmPaths, view: { filter: SyncFilter; page: number }) {
  return useQuery(syncCandidatesQueryOptions(paths, view));
}
