// Landing pages as the public reads them, shared by the page renderer and the public api: one rule for what is
// published (indexable and not removed), a removed page told from one that never was (410, 404), and the sitemap's
// entries with absolute locations.
import { siteUrl } from "../marketing/index.ts";
import type { ChangeFreq, SeoPage, SeoPageType } from "./contract.ts";
import { seoPagePath } from "./contract.ts";
import { pageRow, publishedPageCount, publishedPageRows } from "./privileged-pages.ts";

export type PublishedSeoPage = SeoPage & { entityDomain: string };

export type FoundPage =
  | { state: "published"; page: PublishedSeoPage }
  | { state: "removed" }
  | { state: "missing" };

/** The page at a canonical slug. A page switched off (not indexable) is answered as missing: nothing of it shows. */
export async function findPage(pageType: SeoPageType, slug: string): Promise<FoundPage> {
  const row = await pageRow(pageType, slug);
  if (!row) return { state: "missing" };
  if (row.removed) return { state: "removed" };
  if (!row.isIndexable) return { state: "missing" };
  const { isIndexable: _isIndexable, removed: _removed, lastUpdated, ...published } = row;
  return {
    state: "published",
    page: {
      ...published,
      canonicalUrl: siteUrl() + seoPagePath(row.pageType, row.slug),
      lastUpdated: lastUpdated.toISOString(),
    },
  };
}

/** One URL of the sitemap, as the sitemaps.org protocol names its fields. */
export interface SitemapEntry {
  /** Absolute URL. */
  loc: string;
  /** ISO time in UTC. */
  lastmod: string;
  changefreq: ChangeFreq;
  /** 0.0 to 1.0. */
  priority: number;
}

/** Published pages from `offset`, at most `limit`, in a stable order. */
export async function sitemapPage(offset: number, limit: number): Promise<SitemapEntry[]> {
  const site = siteUrl();
  return (await publishedPageRows(offset, limit)).map((row) => ({
    loc: site + seoPagePath(row.pageType, row.slug),
    lastmod: row.lastUpdated.toISOString(),
    changefreq: row.changeFreq,
    priority: row.priority,
  }));
}

/** How many pages the sitemap lists. */
export { publishedPageCount as sitemapCount };
