// GET /api/admin/duplicates/duplicates/{email}: the records of one group (404 once fewer than two share the email).
import { duplicateRecordsSchema } from "@contracts/duplicates";
import { useQuery } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";
import { duplicateRecordsQueryKey } from "./duplicates-keys";

export function useDuplicateRecords(email: string) {
  return useQuery({
    meta: userScoped,
    queryKey: duplicateRecordsQueryKey(email),
    queryFn: async ({ signal }) =>
      readJson(await apiFetch(`/api/admin/duplicates/duplicates/${encodeURIComponent(email)}`, { signal }), duplicateRecordsSchema),
  });
}
