// GET /api/admin/users: one page of users, searched (a part of the email or username), filtered, sorted and paged by
// the server. The user drawer's key shares this prefix, so a change to a user refreshes both.
import { type AdminUsersPage, adminUsersPageSchema, type AdminUsersQuery } from "@contracts/admin";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";
import { adminSearchParams } from "./admin-search-params";

export const adminUsersQueryKey = ["/api/admin/users"] as const;

/** The parameters as the screens hold them: every one optional, the server fills in its defaults. */
export type AdminUsersParams = Omit<AdminUsersQuery, "page" | "pageSize"> & { page?: number; pageSize?: number };

export async function getAdminUsers(query: AdminUsersParams, signal?: AbortSignal): Promise<AdminUsersPage> {
  return readJson(await apiFetch(`/api/admin/users${adminSearchParams(query)}`, { signal }), adminUsersPageSchema);
}

export function adminUsersQueryOptions(query: AdminUsersParams) {
  return queryOptions({
    meta: userScoped,
    queryKey: [...adminUsersQueryKey, "page", query] as const,
    queryFn: ({ signal }) => getAdminUsers(query, signal),
    // The rows stay while the next page, search or filter loads, so the table does not flash empty.
    placeholderData: keepPreviousData,
  });
}

export function useAdminUsers(query: AdminUsersParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...adminUsersQueryOptions(query), ...options });
}
