// The dashboard's keyword targets: the list (highest priority first, then search volume, then the newest), and adding
// one. A repeat (case and spaces ignored, per page type) is refused by the unique key itself, so two admins adding the
// same keyword at once get one target and one refusal.
import type { AccessTokenClaims } from "../auth/index.ts";
import type { UserSql } from "../db/as-user.ts";
import { asSeoAdmin } from "./admin-refusals.ts";
import { contractItem, type Row } from "./admin-rows.ts";
import { type KeywordTarget, keywordTargetSchema, type NewKeywordTarget } from "./contract.ts";

const selectKeywords = (sql: UserSql) =>
  sql`
    select k.id, k.keyword, k.page_type as "pageType", k.search_volume as "searchVolume", k.difficulty,
           k.cpc::text as cpc, k.intent, k.priority, k.is_generated as "isGenerated", k.skip_reason as "skipReason",
           k.page_id as "pageId", k.created_at as "createdAt"
      from public.seo_keyword_targets as k
  `;

/** GET /api/admin/seo/keywords */
export async function listKeywordTargets(claims: AccessTokenClaims, limit: number): Promise<KeywordTarget[]> {
  const rows = await asSeoAdmin(claims, (sql) =>
    sql<Row[]>`
      ${selectKeywords(sql)}
      order by k.created_at desc, k.id
      limit ${limit}
    `);
  return rows.map((row) => contractItem(keywordTargetSchema, row));
}

/** POST /api/admin/seo/keywords */
export async function createKeywordTarget(claims: AccessTokenClaims, input: NewKeywordTarget): Promise<KeywordTarget> {
  const [row] = await asSeoAdmin(claims, async (sql) => {
    const [created] = await sql<{ id: string }[]>`
      select private.admin_create_seo_keyword(
        ${input.keyword}, ${input.pageType}, ${input.searchVolume}, ${input.difficulty}, ${input.cpc}::numeric,
        ${input.intent}, ${input.priority}
      ) as id
    `;
    return await sql<Row[]>`${selectKeywords(sql)} where k.id = ${created!.id}`;
  });
  return contractItem(keywordTargetSchema, row!);
}
