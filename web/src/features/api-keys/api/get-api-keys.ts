// GET /api/api-keys: the signed-in person's keys, newest first, revoked and expired ones included (never a secret).
import { apiKeyListSchema } from "@contracts/api-keys";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";
import { apiKeyListQueryKey } from "./api-keys-query-keys";

export function apiKeysQueryOptions() {
  return queryOptions({
    meta: userScoped,
    queryKey: apiKeyListQueryKey,
    queryFn: async ({ signal }) => readJson(await apiFetch("/api/api-keys", { signal }), apiKeyListSchema),
  });
}

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}
