// The dashboard's landing pages: the figures, the list (removed and switched-off pages too: the admin sees all), the
// indexable switch, regenerating a page and deleting one. Changes run as the admin (audited by the database); the reads
// go through privileged-admin.ts for the SEO functions only the api may run.
import type { AccessTokenClaims } from "../auth/index.ts";
import { DomainError } from "../errors.ts";
import { asSeoAdmin } from "./admin-refusals.ts";
import { contractItem, type Row } from "./admin-rows.ts";
import {
  type AdminSeoPage,
  adminSeoPageSchema,
  seoPagePath,
  type SeoPageType,
  type SeoStats,
  seoStatsSchema,
} from "./contract.ts";
import { regeneratePage } from "./generate.ts";
import { adminPageRows, seoStatsRow } from "./privileged-admin.ts";

/** GET /api/admin/seo/stats */
export async function seoStats(): Promise<SeoStats> {
  return contractItem(seoStatsSchema, await seoStatsRow());
}

/** GET /api/admin/seo/pages */
export async function listAdminPages(limit: number): Promise<AdminSeoPage[]> {
  return (await adminPageRows(limit)).map(adminPage);
}

/** PATCH /api/admin/seo/pages/{id} */
export async function setPageIndexable(claims: AccessTokenClaims, id: string, isIndexable: boolean): Promise<AdminSeoPage> {
  await asSeoAdmin(claims, (sql) => sql`select private.admin_set_seo_page_indexable(${id}, ${isIndexable})`);
  return await readAdminPage(id);
}

/**
 * POST /api/admin/seo/pages/{id}/regenerate: rendered again from today's data under the privacy rule; a page the rule
 * now refuses is removed, and the admin is told so (seo_page_regenerated_away).
 */
export async function regenerateAdminPage(claims: AccessTokenClaims, id: string): Promise<AdminSeoPage> {
  const outcome = await regeneratePage(id);
  if (outcome === "not_found") throw new DomainError("seo_page_not_found");
  await asSeoAdmin(claims, (sql) => sql`select private.admin_audit_seo_regeneration(${id}, ${outcome})`);
  if (outcome === "removed") throw new DomainError("seo_page_regenerated_away");
  return await readAdminPage(id);
}

/** DELETE /api/admin/seo/pages/{id}: its keyword target stays generated, so the next bulk run does not remake it. */
export async function deletePage(claims: AccessTokenClaims, id: string): Promise<void> {
  await asSeoAdmin(claims, (sql) => sql`select private.admin_delete_seo_page(${id})`);
}

async function readAdminPage(id: string): Promise<AdminSeoPage> {
  const [row] = await adminPageRows(1, id);
  if (!row) throw new DomainError("seo_page_not_found");
  return adminPage(row);
}

function adminPage(row: Row): AdminSeoPage {
  return contractItem(adminSeoPageSchema, { ...row, path: seoPagePath(row.pageType as SeoPageType, String(row.slug)) });
}
