// The security tab's two logs, newest first, a keyset page at a time: the audit log of every admin action and the
// limiter's activity log (refusals, anomalies, sign-ins).
import type { z } from "zod";
import type { AccessTokenClaims } from "../auth/index.ts";
import { asAdmin } from "./as-admin.ts";
import { type ActivityPage, type AuditPage, LOG_PAGE_SIZE, type logQuerySchema } from "./contract.ts";
import { activityFromRow, type ActivityColumns, auditFromRow, type AuditColumns } from "./log-rows.ts";

export type LogQuery = z.output<typeof logQuerySchema>;

/** A page and the cursor of the next: one row more than a page is asked for, to know whether there is a next. */
export function paged<T extends { id: number }>(entries: T[]): { entries: T[]; nextCursor: number | null } {
  const page = entries.slice(0, LOG_PAGE_SIZE);
  return { entries: page, nextCursor: entries.length > LOG_PAGE_SIZE ? page.at(-1)!.id : null };
}

/** GET /api/admin/audit-log */
export async function auditLog(claims: AccessTokenClaims, query: LogQuery): Promise<AuditPage> {
  const rows = await asAdmin(claims, (sql) => sql<AuditColumns[]>`
    select * from private.admin_audit_entries(${query.cursor ?? null}, ${LOG_PAGE_SIZE + 1})
  `);
  return paged(rows.map(auditFromRow));
}

/** GET /api/admin/activity */
export async function activityLog(claims: AccessTokenClaims, query: LogQuery): Promise<ActivityPage> {
  const rows = await asAdmin(claims, (sql) => sql<ActivityColumns[]>`
    select * from private.admin_activity(${query.cursor ?? null}, ${LOG_PAGE_SIZE + 1}, ${query.anomalous === "true"})
  `);
  return paged(rows.map(activityFromRow));
}
