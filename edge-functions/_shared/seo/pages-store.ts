// Landing pages as the public reads them, on the functions' own connection: the page renderer and the public api
// both tell a removed page (410) from one that never was (404), which the anon role's RLS cannot see, so the one
// rule "published = indexable and not removed" lives here and in the sitemap's partial index, nowhere else.
import { database } from "../db/pool.ts";
import { siteUrl } from "../marketing/site.ts";
import type { ChangeFreq, SeoPage, SeoPageType } from "./contract.ts";
import { seoPagePath } from "./contract.ts";

export type PublishedSeoPage = SeoPage & { entityDomain: string };

export type FoundPage =
  | { state: "published"; page: PublishedSeoPage }
  | { state: "removed" }
  | { state: "missing" };

interface PageRow {
  id: string;
  pageType: SeoPageType;
  slug: string;
  entityDomain: string;
  targetEntity: string;
  title: string;
  metaDescription: string;
  h1: string;
  content: string;
  schemaMarkup: Record<string, unknown>;
  isIndexable: boolean;
  removed: boolean;
  lastUpdated: Date;
}

/** The page at a canonical slug. A page switched off (not indexable) is answered as missing: nothing of it shows. */
export async function findPage(pageType: SeoPageType, slug: string): Promise<FoundPage> {
  const [row] = await database()<PageRow[]>`
    select id, page_type as "pageType", slug, entity_domain as "entityDomain", target_entity as "targetEntity",
           title, meta_description as "metaDescription", h1, content, schema_markup as "schemaMarkup",
           is_indexable as "isIndexable", removed_at is not null as removed, last_updated as "lastUpdated"
      from public.seo_landing_pages
     where page_type = ${pageType} and slug = ${slug}
  `;
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

interface SitemapRow {
  pageType: SeoPageType;
  slug: string;
  lastUpdated: Date;
  changeFreq: ChangeFreq;
  priority: number;
}

/** Published pages in a stable order (the sitemap's index order), so numbered sitemap files never overlap. */
export async function sitemapPage(offset: number, limit: number): Promise<SitemapEntry[]> {
  const rows = await database()<SitemapRow[]>`
    select page_type as "pageType", slug, last_updated as "lastUpdated", change_freq as "changeFreq",
           priority::float8 as priority
      from public.seo_landing_pages
     where is_indexable and removed_at is null
     order by page_type, slug
     offset ${offset} limit ${limit}
  `;
  const site = siteUrl();
  return rows.map((row) => ({
    loc: site + seoPagePath(row.pageType, row.slug),
    lastmod: row.lastUpdated.toISOString(),
    changefreq: row.changeFreq,
    priority: row.priority,
  }));
}

/** How many pages the sitemap lists. */
export async function sitemapCount(): Promise<number> {
  const [row] = await database()<{ count: number }[]>`
    select count(*)::int as count from public.seo_landing_pages where is_indexable and removed_at is null
  `;
  return row!.count;
}
