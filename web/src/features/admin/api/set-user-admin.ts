// PATCH /api/admin/users/{id} {isAdmin}: make or revoke an admin. The server refuses an admin's own flag and the last
// admin's, with a message that says so.
import { type AdminFlagRequest, adminFlagRequestSchema } from "@contracts/admin";
import { useAdminChange } from "./admin-change";
import { actOnUser } from "./admin-user-action";

export function setUserAdmin({ id, ...request }: AdminFlagRequest & { id: string }) {
  return actOnUser(id, { path: "", method: "PATCH", body: adminFlagRequestSchema.parse(request) });
}

export function useSetUserAdmin() {
  return useAdminChange(setUserAdmin);
}
