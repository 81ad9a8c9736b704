// GET /api/admin/users/{id}: the user drawer: the row, usage, latest grants and activity.
import { type AdminUserDetail, adminUserDetailSchema } from "@contracts/admin";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";
import { adminUsersQueryKey } from "./get-admin-users";

export async function getAdminUser(id: string, signal?: AbortSignal): Promise<AdminUserDetail> {
  return readJson(await apiFetch(`/api/admin/users/${encodeURIComponent(id)}`, { signal }), adminUserDetailSchema);
}

export function adminUserQueryOptions(id: string) {
  return queryOptions({
    meta: userScoped,
    queryKey: [...adminUsersQueryKey, "detail", id] as const,
    queryFn: ({ signal }) => getAdminUser(id, signal),
  });
}

export function useAdminUser(id: string) {
  return useQuery(adminUserQueryOptions(id));
}
