// GET /api/admin/seo/pages?limit=50: the newest landing pages with their figures, removed and switched-off ones too.
import { ADMIN_PAGES_LIMIT, adminSeoPageSchema } from "@contracts/seo";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiFetch, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";
import { seoPagesQueryKey } from "./admin-seo-keys";

const seoPagesAnswerSchema = z.object({ pages: z.array(adminSeoPageSchema) });

export function seoPagesQueryOptions() {
  return queryOptions({
    meta: userScoped,
    queryKey: seoPagesQueryKey,
    queryFn: async ({ signal }) =>
      (await readJson(await apiFetch(`/api/admin/seo/pages?limit=${ADMIN_PAGES_LIMIT}`, { signal }), seoPagesAnswerSchema)).pages,
  });
}

export function useSeoPages() {
  return useQuery(seoPagesQueryOptions());
}
