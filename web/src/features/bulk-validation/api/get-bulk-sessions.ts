// GET /api/bulk-validation/sessions: the signed-in user's sessions, newest first, with their counts and status. Kept
// live by the progress events (live/), so it is asked for again only when the screen opens, after a change of ours,
// and every 5 seconds while the live connection is down (the spec's refetch, as the fallback).
import { type BulkSession, bulkSessionListSchema } from "@contracts/bulk-validation";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";

export const bulkSessionsQueryKey = ["/api/bulk-validation/sessions"] as const;

export async function getBulkSessions(signal?: AbortSignal): Promise<BulkSession[]> {
  return readJson(await apiFetch("/api/bulk-validation/sessions", { signal }), bulkSessionListSchema);
}

export function bulkSessionsQueryOptions() {
  return queryOptions({
    meta: userScoped,
    queryKey: bulkSessionsQueryKey,
    queryFn: ({ signal }) => getBulkSessions(signal),
  });
}

/** The list as the sessions tab shows it: asked for afresh each time the tab opens (another tab may have started one). */
export function useBulkSessions() {
  return useQuery({ ...bulkSessionsQueryOptions(), refetchOnMount: "always" });
}

/** What the cache holds now, without asking the server: for listeners outside the sessions tab. */
export function useCachedBulkSessions(): BulkSession[] | undefined {
  return useQuery({ ...bulkSessionsQueryOptions(), enabled: false }).data;
}
