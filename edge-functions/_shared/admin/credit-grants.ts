// The credits tab: every grant, newest first (or one user's), a keyset page at a time; and revoking a grant none of
// whose credits is spent, which takes its credits off the user's balance (private.admin_revoke_credit_grant).
import type { z } from "zod";
import type { AccessTokenClaims } from "../auth/index.ts";
import type { UserSql } from "../db/as-user.ts";
import { asAdmin } from "./as-admin.ts";
import { type CreditGrant, type CreditGrantsPage, type creditGrantsQuerySchema, LOG_PAGE_SIZE } from "./contract.ts";
import { grantFromRow, type GrantColumns } from "./grant-rows.ts";
import { paged } from "./logs.ts";

export type CreditGrantsQuery = z.output<typeof creditGrantsQuerySchema>;

interface GrantFilter {
  id?: number;
  userId?: string;
  before?: number;
}

/** Grants with both people's addresses, newest first (RLS shows admins every grant). */
function grantRows(sql: UserSql, filter: GrantFilter, limit: number) {
  return sql<GrantColumns[]>`
    select g.id, g.user_id, u.email as user_email, g.granted_by, b.email as granted_by_email, g.credit_amount,
      g.credits_used, g.grant_type, g.reason, g.expires_at, g.is_active, g.revoked_at, g.created_at
    from public.credit_grants as g
    left join public.profiles as u on u.id = g.user_id
    left join public.profiles as b on b.id = g.granted_by
    where true
      ${filter.id ? sql`and g.id = ${filter.id}` : sql``}
      ${filter.userId ? sql`and g.user_id = ${filter.userId}` : sql``}
      ${filter.before ? sql`and g.id < ${filter.before}` : sql``}
    order by g.id desc
    limit ${limit}
  `;
}

/** GET /api/admin/credit-grants */
export async function listCreditGrants(claims: AccessTokenClaims, query: CreditGrantsQuery): Promise<CreditGrantsPage> {
  const rows = await asAdmin(claims, (sql) =>
    grantRows(sql, { userId: query.userId, before: query.cursor }, LOG_PAGE_SIZE + 1));
  const { entries, nextCursor } = paged(rows.map(grantFromRow));
  return { grants: entries, nextCursor };
}

/** DELETE /api/admin/credit-grants/{id}: the grant as it is once revoked. */
export async function revokeCreditGrant(claims: AccessTokenClaims, grantId: number): Promise<CreditGrant> {
  return await asAdmin(claims, async (sql) => {
    await sql`select private.admin_revoke_credit_grant(${grantId})`;
    const [row] = await grantRows(sql, { id: grantId }, 1);
    return grantFromRow(row!);
  });
}
