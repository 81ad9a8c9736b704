// GET the connection's status (never a token): /api/crm/zoho, or /api/admin/zoho/connection for the admin's own.
import { crmConnectionSchema } from "@contracts/crm";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";
import type { CrmPaths } from "../paths";
import { crmConnectionQueryKey } from "./crm-keys";

export function crmConnectionQueryOptions(paths: CrmPaths) {
  return queryOptions({
    meta: userScoped,
    queryKey: crmConnectionQueryKey(paths.area),
    queryFn: async ({ signal }) => readJson(await apiFetch(paths.connection, { signal }), crmConnectionSchema),
  });
}

export function useCrmConnection(paths: CrmPaths) {
  return useQuery(crmConnectionQueryOptions(paths));
}
