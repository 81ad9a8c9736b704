// GET /api/admin/seo/keywords?limit=100: keyword targets, highest priority and search volume first.
import { ADMIN_KEYWORDS_LIMIT, keywordTargetSchema } from "@contracts/seo";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiFetch, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";
import { keywordTargetsQueryKey } from "./admin-seo-keys";

const keywordTargetsAnswerSchema = z.object({ keywords: z.array(keywordTargetSchema) });

export function keywordTargetsQueryOptions() {
  return queryOptions({
    meta: userScoped,
    queryKey: keywordTargetsQueryKey,
    queryFn: async ({ signal }) =>
      (await readJson(await apiFetch(`/api/admin/seo/keywords?limit=${ADMIN_KEYWORDS_LIMIT}`, { signal }), keywordTargetsAnswerSchema))
        .keywords,
  });
}

export function useKeywordTargets() {
  return useQuery(keywordTargetsQueryOptions());
}
