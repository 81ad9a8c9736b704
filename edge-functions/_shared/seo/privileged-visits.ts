// Views and conversions of landing pages, counted by the database's one definer function (a visit row, the page's
// counter and its day's metrics in one transaction), on the functions' own connection: the visit tables are closed to
// every API role.
import { database } from "../db/pool.ts";

export type VisitKind = "view" | "conversion";

/** Whether the visit counted: false when this visitor was already counted for the page, kind and day. */
export async function recordSeoVisit(pageId: string, visitorHash: string, kind: VisitKind, day: string): Promise<boolean> {
  const [row] = await database()<{ counted: boolean }[]>`
    select private.record_seo_visit(${pageId}::uuid, ${visitorHash}, ${kind}, ${day}::date) as counted
  `;
  return row?.counted ?? false;
}

/** Whether the page is published (indexable and not removed): only such a page takes conversions. */
export async function isPublishedPage(pageId: string): Promise<boolean> {
  const [row] = await database()<{ published: boolean }[]>`
    select exists (
      select 1 from public.seo_landing_pages where id = ${pageId}::uuid and is_indexable and removed_at is null
    ) as published
  `;
  return row?.published ?? false;
}
