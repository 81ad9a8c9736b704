// GET /api/api-keys/usage?keyId=: the last 30 days of calls, of one key or (without keyId) of all the person's keys.
// The chart in view stays while another key's usage loads, so it does not blink.
import { apiKeyUsageSchema } from "@contracts/api-keys";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";
import { apiKeyUsageQueryKey } from "./api-keys-query-keys";

export function apiKeyUsageQueryOptions(keyId: string | null) {
  const query = keyId ? `?${new URLSearchParams({ keyId })}` : "";
  return queryOptions({
    meta: userScoped,
    queryKey: apiKeyUsageQueryKey(keyId),
    queryFn: async ({ signal }) => readJson(await apiFetch(`/api/api-keys/usage${query}`, { signal }), apiKeyUsageSchema),
    placeholderData: keepPreviousData,
  });
}

export function useApiKeyUsage(keyId: string | null) {
  return useQuery(apiKeyUsageQueryOptions(keyId));
}
