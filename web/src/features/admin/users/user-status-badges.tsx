// A user's standing at a glance: admin, suspended, throttled.
import type { AdminUserRow } from "@contracts/admin";
import { Badge } from "@/components/ui/badge";
import { isSuspended } from "./user-labels";

export function UserStatusBadges({ user }: { user: AdminUserRow }) {
  return (
    <span className="flex flex-wrap gap-1">
      {user.isAdmin && <Badge>Admin</Badge>}
      {isSuspended(user) && <Badge variant="destructive">Suspended</Badge>}
      {user.throttle.throttleEnabled && <Badge variant="secondary">Throttled</Badge>}
    </span>
  );
}
