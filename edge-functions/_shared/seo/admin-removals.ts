// The dashboard's removal requests: the list (newest first, optionally by status) and an admin's decision, which on
// approval removes the page and suppresses its address or domain (private.decide_seo_removal, audited).
import type { AccessTokenClaims } from "../auth/index.ts";
import type { UserSql } from "../db/as-user.ts";
import { asSeoAdmin } from "./admin-refusals.ts";
import { type AdminRemovalRequest, adminRemovalRequestSchema, type RemovalStatus } from "./contract.ts";

/** The list shows this many requests at most. */
export const ADMIN_REMOVALS_LIMIT = 100;

interface RemovalRow {
  id: string;
  url: string;
  page_id: string | null;
  email: string;
  reason: string;
  status: string;
  created_at: Date;
  decided_at: Date | null;
}

const selectRemovals = (sql: UserSql) =>
  sql`
    select r.id, r.url, r.page_id, r.email, r.reason, r.status, r.created_at, r.decided_at
      from public.seo_removal_requests as r
  `;

/** GET /api/admin/seo/removal-requests */
export async function listRemovalRequests(
  claims: AccessTokenClaims,
  status: RemovalStatus | undefined,
): Promise<AdminRemovalRequest[]> {
  const rows = await asSeoAdmin(claims, (sql) =>
    sql<RemovalRow[]>`
      ${selectRemovals(sql)}
      ${status === undefined ? sql`` : sql`where r.status = ${status}`}
      order by r.created_at desc, r.id desc
      limit ${ADMIN_REMOVALS_LIMIT}
    `);
  return rows.map(removalRequest);
}

/** POST /api/admin/seo/removal-requests/{id}/decision */
export async function decideRemovalRequest(
  claims: AccessTokenClaims,
  id: string,
  decision: "approve" | "reject",
): Promise<AdminRemovalRequest> {
  const [row] = await asSeoAdmin(claims, async (sql) => {
    await sql`select private.admin_decide_seo_removal(${id}, ${decision})`;
    return await sql<RemovalRow[]>`${selectRemovals(sql)} where r.id = ${id}`;
  });
  return removalRequest(row!);
}

function removalRequest(row: RemovalRow): AdminRemovalRequest {
  return adminRemovalRequestSchema.parse({
    id: row.id,
    url: row.url,
    pageId: row.page_id,
    email: row.email,
    reason: row.reason,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
  });
}
