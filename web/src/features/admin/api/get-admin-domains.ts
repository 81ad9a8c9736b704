// GET /api/admin/domains: the domains the platform knows (explored, or with a cached DNS answer), in domain order and
// cursor pages, with the counts per DNS verdict.
import { type AdminDomainsPage, adminDomainsPageSchema } from "@contracts/admin";
import { useInfiniteQuery } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { adminSearchParams } from "./admin-search-params";
import { cursorPagesOptions } from "./admin-cursor-pages";

export const adminDomainsQueryKey = ["/api/admin/domains"] as const;

export async function getAdminDomains(
  query: { search?: string; cursor?: string },
  signal?: AbortSignal,
): Promise<AdminDomainsPage> {
  return readJson(await apiFetch(`/api/admin/domains${adminSearchParams(query)}`, { signal }), adminDomainsPageSchema);
}

export function useAdminDomains(search: string) {
  return useInfiniteQuery(
    cursorPagesOptions([...adminDomainsQueryKey, { search }], (cursor: string | undefined, signal) =>
      getAdminDomains({ search, cursor }, signal),
    ),
  );
}
