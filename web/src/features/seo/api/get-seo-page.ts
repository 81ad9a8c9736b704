// GET /api/seo/{pageType}/{slug}: a published landing page. Each fetch counts a view (the server counts one per
// visitor, page and day), so the page is fetched on every visit even when the server's HTML already carried it.
import { type SeoPage, type SeoPageType, seoPageSchema } from "@contracts/seo";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { embeddedSeoPage } from "../embedded-page";

export const seoPageQueryKey = ["seo-page"] as const;

export async function getSeoPage(pageType: SeoPageType, slug: string, signal?: AbortSignal): Promise<SeoPage> {
  const response = await apiFetch(`/api/seo/${pageType}/${encodeURIComponent(slug)}`, { signal });
  return readJson(response, seoPageSchema);
}

export function seoPageQueryOptions(pageType: SeoPageType, slug: string) {
  return queryOptions({
    queryKey: [...seoPageQueryKey, pageType, slug] as const,
    queryFn: ({ signal }) => getSeoPage(pageType, slug, signal),
    // The server's HTML embeds the page it rendered: the first render shows exactly that, and nothing moves.
    initialData: () => embeddedSeoPage(pageType, slug),
    // Stale at once, unlike the app's other data: the fetch on arrival is what counts the view.
    staleTime: 0,
  });
}
