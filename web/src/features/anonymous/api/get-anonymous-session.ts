// GET /api/anonymous/session: how much of the free allowance this browser has used, as the server counts it.
import { type AnonymousSession, anonymousSessionSchema } from "@contracts/anonymous";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";

export const anonymousSessionQueryKey = ["/api/anonymous/session"] as const;

export async function getAnonymousSession(signal?: AbortSignal): Promise<AnonymousSession> {
  const response = await apiFetch("/api/anonymous/session", { signal });
  return readJson(response, anonymousSessionSchema);
}

export function anonymousSessionQueryOptions() {
  return queryOptions({ queryKey: anonymousSessionQueryKey, queryFn: ({ signal }) => getAnonymousSession(signal) });
}

/** Only visitors who are not signed in have an allowance; for anyone else nothing is asked. */
export function useAnonymousSession({ enabled }: { enabled: boolean }) {
  return useQuery({ ...anonymousSessionQueryOptions(), enabled });
}
