// POST /api/admin/users/{id}/credits: grant credits (amount, type, reason, optional expiry). The server keeps the
// user's granted balance in step with the grant in one transaction.
import { type GrantCreditsRequest, grantCreditsRequestSchema } from "@contracts/admin";
import { useAdminChange } from "./admin-change";
import { actOnUser } from "./admin-user-action";

export function grantUserCredits({ id, ...request }: GrantCreditsRequest & { id: string }) {
  return actOnUser(id, { path: "/credits", method: "POST", body: grantCreditsRequestSchema.parse(request) });
}

export function useGrantUserCredits() {
  return useAdminChange(grantUserCredits);
}
