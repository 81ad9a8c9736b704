// The dashboard's reads that need the SEO functions only the api's own connection may run: the figures
// (private.seo_stats) and the pages with their conversion rate (private.seo_conversion_rate, the one formula). The api
// lets only admins reach them (requireAdmin); they change nothing.
import { database } from "../db/pool.ts";

export interface SeoStatsRow {
  total_pages: string | number;
  total_views: string | number;
  total_conversions: string | number;
  avg_conversion_rate: string | number;
}

export async function seoStatsRow(): Promise<SeoStatsRow> {
  const [row] = await database()<SeoStatsRow[]>`select * from private.seo_stats()`;
  return row!;
}

export interface AdminPageRow {
  id: string;
  page_type: string;
  slug: string;
  target_keyword: string;
  target_entity: string;
  title: string;
  meta_description: string;
  h1: string;
  is_indexable: boolean;
  priority: string | number;
  change_freq: string;
  views: number;
  conversions: number;
  conversion_rate: string | number;
  keyword_target_id: string | null;
  template_id: string | null;
  last_updated: Date;
  created_at: Date;
  removed_at: Date | null;
}

/** Every page, removed and switched off ones too, newest first; or the one page with that id. */
export async function adminPageRows(limit: number, id?: string): Promise<AdminPageRow[]> {
  const sql = database();
  return await sql<AdminPageRow[]>`
    select p.id, p.page_type, p.slug, p.target_keyword, p.target_entity, p.title, p.meta_description, p.h1,
           p.is_indexable, p.priority, p.change_freq, p.views, p.conversions,
           private.seo_conversion_rate(p.conversions, p.views) as conversion_rate,
           p.keyword_target_id, p.template_id, p.last_updated, p.created_at, p.removed_at
      from public.seo_landing_pages as p
     ${id === undefined ? sql`` : sql`where p.id = ${id}`}
     order by p.created_at desc, p.id desc
     limit ${limit}
  `;
}
