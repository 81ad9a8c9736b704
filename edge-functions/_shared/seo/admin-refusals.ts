// The SEO dashboard's writes run as the signed-in admin, so the database checks the caller is one and its audit log
// names them; the reasons its admin functions raise (migrations seo_admin_actions and seo_removals) come back as DomainErrors.
import type { AccessTokenClaims } from "../auth/index.ts";
import { asUser, type UserSql } from "../db/as-user.ts";
import { type DatabaseError, withRefusals } from "../db/refusals.ts";
import { DomainError } from "../errors.ts";

const REFUSALS: Record<string, () => DomainError> = {
  "P0403 admins_only": () => new DomainError("admin_only"),
  "P0404 seo_page_not_found": () => new DomainError("seo_page_not_found"),
  "P0404 removal_request_not_found": () => new DomainError("seo_removal_not_found"),
  "P0409 seo_keyword_exists": () => new DomainError("seo_keyword_exists"),
  "P0409 removal_request_decided": () => new DomainError("seo_removal_decided"),
};

const seoRefusal = (found: DatabaseError) => REFUSALS[`${found.code} ${found.message}`]?.() ?? null;

export async function asSeoAdmin<T>(claims: AccessTokenClaims, work: (sql: UserSql) => Promise<T>): Promise<T> {
  return await withRefusals(seoRefusal, () => asUser(claims, work));
}
