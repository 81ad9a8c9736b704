// POST /api/admin/domains/{domain}/explore: explore the domain again now; answers with the fresh exploration's outline.
import { type ReexploreAnswer, reexploreAnswerSchema } from "@contracts/admin";
import { apiFetch, readJson } from "@/lib/api";
import { useAdminChange } from "./admin-change";
import { auditLogQueryKey } from "./get-audit-log";
import { adminDomainsQueryKey } from "./get-admin-domains";

export async function reexploreDomain(domain: string): Promise<ReexploreAnswer> {
  const response = await apiFetch(`/api/admin/domains/${encodeURIComponent(domain)}/explore`, { method: "POST" });
  return readJson(response, reexploreAnswerSchema);
}

export function useReexploreDomain() {
  return useAdminChange(reexploreDomain, [adminDomainsQueryKey, auditLogQueryKey]);
}
