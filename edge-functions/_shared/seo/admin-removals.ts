// The dashboard's removal requests: the list (newest first, optionally by status) and an admin's decision, which on
// approval removes the page and suppresses its address or domain (private.decide_seo_removal, audited).
import type { AccessTokenClaims } from "../auth/index.ts";
import type { UserSql } from "../db/as-user.ts";
import { asSeoAdmin } from "./admin-refusals.ts";
import { contractItem, type Row } from "./admin-rows.ts";
import { type AdminRemovalRequest, adminRemovalRequestSchema, type RemovalStatus } from "./contract.ts";

/** The list shows this many requests at most. */
const ADMIN_REMOVALS_LIMIT = 100;

const selectRemovals = (sql: UserSql) =>
  sql`
    select r.id, r.url, r.page_id as "pageId", r.email, r.reason, r.status, r.created_at as "createdAt",
           r.decided_at as "decidedAt"
      from public.seo_removal_requests as r
  `;

/** GET /api/admin/seo/removal-requests */
export async function listRemovalRequests(
  claims: AccessTokenClaims,
  status: RemovalStatus | undefined,
): Promise<AdminRemovalRequest[]> {
  const rows = await asSeoAdmin(claims, (sql) =>
    sql<Row[]>`
      ${selectRemovals(sql)}
      ${status === undefined ? sql`` : sql`where r.status = ${status}`}
      order by r.created_at desc, r.id desc
      limit ${ADMIN_REMOVALS_LIMIT}
    `);
  return rows.map((row) => contractItem(adminRemovalRequestSchema, row));
}

/** POST /api/admin/seo/removal-requests/{id}/decision */
export async function decideRemovalRequest(
  claims: AccessTokenClaims,
  id: string,
  decision: "approve" | "reject",
): Promise<AdminRemovalRequest> {
  const [row] = await asSeoAdmin(claims, async (sql) => {
    await sql`select private.admin_decide_seo_removal(${id}, ${decision})`;
    return await sql<Row[]>`${selectRemovals(sql)} where r.id = ${id}`;
  });
  return contractItem(adminRemovalRequestSchema, row!);
}
