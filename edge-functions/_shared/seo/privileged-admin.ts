// The dashboard's reads that need the SEO functions only the api's own connection may run: the figures
// (private.seo_stats) and the pages with their conversion rate (private.seo_conversion_rate, the one formula). The api
// lets only admins reach them (requireAdmin); they change nothing. Columns are named as the contract names them.
import { database } from "../db/pool.ts";
import type { Row } from "./admin-rows.ts";

export async function seoStatsRow(): Promise<Row> {
  const [row] = await database()<Row[]>`
    select total_pages::float8 as "totalPages", total_views::float8 as "totalViews",
           total_conversions::float8 as "totalConversions", avg_conversion_rate::float8 as "avgConversionRate"
      from private.seo_stats()
  `;
  return row!;
}

/** Every page, removed and switched-off ones too, newest first; or the one page with that id. */
export async function adminPageRows(limit: number, id?: string): Promise<Row[]> {
  const sql = database();
  return await sql<Row[]>`
    select p.id, p.page_type as "pageType", p.slug, p.target_keyword as "targetKeyword",
           p.target_entity as "targetEntity", p.title, p.meta_description as "metaDescription", p.h1,
           p.is_indexable as "isIndexable", p.priority::float8 as priority, p.change_freq as "changeFreq", p.views,
           p.conversions, private.seo_conversion_rate(p.conversions, p.views)::float8 as "conversionRate",
           p.keyword_target_id as "keywordTargetId", p.template_id as "templateId", p.last_updated as "lastUpdated",
           p.created_at as "createdAt", p.removed_at as "removedAt"
      from public.seo_landing_pages as p
     ${id === undefined ? sql`` : sql`where p.id = ${id}`}
     order by p.created_at desc, p.id desc
     limit ${limit}
  `;
}
