// PATCH /api/admin/users/{id}/throttle: the user's request limit, applied from their next request.
import { type ThrottleRequest, throttleRequestSchema } from "@contracts/admin";
import { useAdminChange } from "./admin-change";
import { actOnUser } from "./admin-user-action";

export function setUserThrottle({ id, ...request }: ThrottleRequest & { id: string }) {
  return actOnUser(id, { path: "/throttle", method: "PATCH", body: throttleRequestSchema.parse(request) });
}

export function useSetUserThrottle() {
  return useAdminChange(setUserThrottle);
}
