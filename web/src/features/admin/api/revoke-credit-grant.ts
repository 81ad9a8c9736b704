// DELETE /api/admin/credit-grants/{id}: revoke a grant none of whose credits were spent (the server answers 409 for a
// used or revoked one); its credits come off the user's granted balance.
import { apiFetch } from "@/lib/api";
import { useAdminChange } from "./admin-change";

export async function revokeCreditGrant(id: number): Promise<void> {
  await apiFetch(`/api/admin/credit-grants/${id}`, { method: "DELETE" });
}

export function useRevokeCreditGrant() {
  return useAdminChange(revokeCreditGrant);
}
