// POST /api/admin/users/{id}/suspension {until, reason} suspends a user; DELETE lifts it.
import { type SuspensionRequest, suspensionRequestSchema } from "@contracts/admin";
import { useAdminChange } from "./admin-change";
import { actOnUser } from "./admin-user-action";

export function suspendUser({ id, ...request }: SuspensionRequest & { id: string }) {
  return actOnUser(id, { path: "/suspension", method: "POST", body: suspensionRequestSchema.parse(request) });
}

export function unsuspendUser(id: string) {
  return actOnUser(id, { path: "/suspension", method: "DELETE" });
}

export function useSuspendUser() {
  return useAdminChange(suspendUser);
}

export function useUnsuspendUser() {
  return useAdminChange(unsuspendUser);
}
