// DELETE /api/admin/domains/{domain}: forget the domain: its exploration, discovered addresses, DNS answer and
// validation records (also how removal requests are served). Answers with how many of each went.
import { type PurgeAnswer, purgeAnswerSchema } from "@contracts/admin";
import { apiFetch, readJson } from "@/lib/api";
import { useAdminChange } from "./admin-change";
import { auditLogQueryKey } from "./get-audit-log";
import { adminDomainsQueryKey } from "./get-admin-domains";

export async function purgeDomain(domain: string): Promise<PurgeAnswer> {
  return readJson(await apiFetch(`/api/admin/domains/${encodeURIComponent(domain)}`, { method: "DELETE" }), purgeAnswerSchema);
}

export function usePurgeDomain() {
  return useAdminChange(purgeDomain, [adminDomainsQueryKey, auditLogQueryKey]);
}
