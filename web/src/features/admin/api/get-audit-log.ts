// GET /api/admin/audit-log: who changed what, newest first, in cursor pages. Every admin action adds a row.
import { type AuditPage, auditPageSchema } from "@contracts/admin";
import { useInfiniteQuery } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { adminSearchParams } from "./admin-search-params";
import { cursorPagesOptions } from "./admin-cursor-pages";

export const auditLogQueryKey = ["/api/admin/audit-log"] as const;

export async function getAuditLog(cursor: number | undefined, signal?: AbortSignal): Promise<AuditPage> {
  return readJson(await apiFetch(`/api/admin/audit-log${adminSearchParams({ cursor })}`, { signal }), auditPageSchema);
}

export function useAuditLog() {
  return useInfiniteQuery(cursorPagesOptions(auditLogQueryKey, (cursor: number | undefined, signal) => getAuditLog(cursor, signal)));
}
