// GET /api/admin/system-popups: every popup, active or not, for the admin screen.
import { adminSystemPopupSchema } from "@contracts/popups";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";

export const adminSystemPopupsQueryKey = ["admin-system-popups"] as const;

export function adminSystemPopupsQueryOptions() {
  return queryOptions({
    meta: userScoped,
    queryKey: adminSystemPopupsQueryKey,
    queryFn: async ({ signal }) =>
      readJson(await apiFetch("/api/admin/system-popups", { signal }), adminSystemPopupSchema.array()),
  });
}

export function useAdminSystemPopups() {
  return useQuery(adminSystemPopupsQueryOptions());
}
