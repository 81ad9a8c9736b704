// Landing pages read past RLS, on the functions' own connection: the anon role sees only published rows, but the
// renderer and the public api must tell a removed page (410) from one that never was (404). Read-only.
import { database } from "../db/pool.ts";
import type { ChangeFreq, SeoPageType } from "./contract.ts";

export interface PageRow {
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

/** The page of that type and slug, whatever its state. */
export async function pageRow(pageType: SeoPageType, slug: string): Promise<PageRow | undefined> {
  const [row] = await database()<PageRow[]>`
    select id, page_type as "pageType", slug, entity_domain as "entityDomain", target_entity as "targetEntity",
           title, meta_description as "metaDescription", h1, content, schema_markup as "schemaMarkup",
           is_indexable as "isIndexable", removed_at is not null as removed, last_updated as "lastUpdated"
      from public.seo_landing_pages
     where page_type = ${pageType} and slug = ${slug}
  `;
  return row;
}

export interface SitemapRow {
  pageType: SeoPageType;
  slug: string;
  lastUpdated: Date;
  changeFreq: ChangeFreq;
  priority: number;
}

// "Published" is indexable and not removed, the condition of the sitemap's partial index (page_type, slug).

/** Published pages in the sitemap index's order, so numbered sitemap files never overlap. */
export async function publishedPageRows(offset: number, limit: number): Promise<SitemapRow[]> {
  return await database()<SitemapRow[]>`
    select page_type as "pageType", slug, last_updated as "lastUpdated", change_freq as "changeFreq",
           priority::float8 as priority
      from public.seo_landing_pages
     where is_indexable and removed_at is null
     order by page_type, slug
     offset ${offset} limit ${limit}
  `;
}

export async function publishedPageCount(): Promise<number> {
  const [row] = await database()<{ count: number }[]>`
    select count(*)::int as count from public.seo_landing_pages where is_indexable and removed_at is null
  `;
  return row!.count;
}
