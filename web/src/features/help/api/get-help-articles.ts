// GET /api/help/articles: the product's help texts, the same rows the support center's automatic answer searches.
// Anyone may read them; they change only with a release, so one fetch serves the whole visit.
import { type HelpArticle, helpArticleListSchema } from "@contracts/help";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";

export const helpArticlesQueryKey = ["/api/help/articles"] as const;

export async function getHelpArticles(signal?: AbortSignal): Promise<HelpArticle[]> {
  return readJson(await apiFetch("/api/help/articles", { signal }), helpArticleListSchema);
}

export function helpArticlesQueryOptions() {
  return queryOptions({
    queryKey: helpArticlesQueryKey,
    queryFn: ({ signal }) => getHelpArticles(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** `enabled`: the Help dialog asks only once it is opened. */
export function useHelpArticles({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...helpArticlesQueryOptions(), enabled });
}
