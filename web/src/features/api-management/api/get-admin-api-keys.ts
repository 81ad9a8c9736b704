// GET /api/admin/api-keys: one page of every user's keys (searched by key name or prefix, or the owner's email or name;
// filtered by status), newest first, with the platform's busiest keys today. Revoking or changing a key's limit
// refreshes every page under this key.
import { type AdminApiKeyPage, adminApiKeyPageSchema, type AdminApiKeysQuery } from "@contracts/api-keys";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { adminSearchParams } from "@/features/admin";
import { apiFetch, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";

export const adminApiKeysQueryKey = ["/api/admin/api-keys"] as const;

/** The parameters as the screen holds them: every one optional, the server fills in its defaults. */
export type AdminApiKeysParams = Omit<AdminApiKeysQuery, "page" | "pageSize"> & { page?: number; pageSize?: number };

export async function getAdminApiKeys(query: AdminApiKeysParams, signal?: AbortSignal): Promise<AdminApiKeyPage> {
  return readJson(await apiFetch(`/api/admin/api-keys${adminSearchParams(query)}`, { signal }), adminApiKeyPageSchema);
}

export function useAdminApiKeys(query: AdminApiKeysParams) {
  return useQuery(
    queryOptions({
      meta: userScoped,
      queryKey: [...adminApiKeysQueryKey, query] as const,
      queryFn: ({ signal }) => getAdminApiKeys(query, signal),
      // The rows stay while the next page, search or filter loads, so the table does not flash empty.
      placeholderData: keepPreviousData,
    }),
  );
}
