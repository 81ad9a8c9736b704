// The dashboard's keyword targets: the list in the order generation takes them (priority, then search volume, then
// the oldest), and adding one. A repeat (case and spaces ignored, per page type) is refused by the unique key itself,
// so two admins adding the same keyword at once get one target and one refusal.
import type { AccessTokenClaims } from "../auth/index.ts";
import type { UserSql } from "../db/as-user.ts";
import { asSeoAdmin } from "./admin-refusals.ts";
import { type KeywordTarget, keywordTargetSchema, type NewKeywordTarget } from "./contract.ts";

interface KeywordRow {
  id: string;
  keyword: string;
  page_type: string;
  search_volume: number;
  difficulty: number;
  cpc: string;
  intent: string;
  priority: number;
  is_generated: boolean;
  skip_reason: string | null;
  page_id: string | null;
  created_at: Date;
}

const selectKeywords = (sql: UserSql) =>
  sql`
    select k.id, k.keyword, k.page_type, k.search_volume, k.difficulty, k.cpc::text as cpc, k.intent, k.priority,
           k.is_generated, k.skip_reason, k.page_id, k.created_at
      from public.seo_keyword_targets as k
  `;

/** GET /api/admin/seo/keywords */
export async function listKeywordTargets(claims: AccessTokenClaims, limit: number): Promise<KeywordTarget[]> {
  const rows = await asSeoAdmin(claims, (sql) =>
    sql<KeywordRow[]>`
      ${selectKeywords(sql)}
      order by k.priority desc, k.search_volume desc, k.created_at desc, k.id
      limit ${limit}
    `);
  return rows.map(keywordTarget);
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
    return await sql<KeywordRow[]>`${selectKeywords(sql)} where k.id = ${created!.id}`;
  });
  return keywordTarget(row!);
}

function keywordTarget(row: KeywordRow): KeywordTarget {
  return keywordTargetSchema.parse({
    id: row.id,
    keyword: row.keyword,
    pageType: row.page_type,
    searchVolume: row.search_volume,
    difficulty: row.difficulty,
    cpc: row.cpc,
    intent: row.intent,
    priority: row.priority,
    isGenerated: row.is_generated,
    skipReason: row.skip_reason,
    pageId: row.page_id,
    createdAt: row.created_at.toISOString(),
  });
}
