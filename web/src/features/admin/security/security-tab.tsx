// The security tab: the limiter made visible. Who is throttled or suspended (and a way to change it), what the limiter
// recorded with its anomalies, and the audit log of every admin action.
import { ActivityLog } from "./activity-log";
import { AuditLog } from "./audit-log";
import { LimitedUsers } from "./limited-users";

export function SecurityTab() {
  return (
    <div className="grid gap-10">
      <LimitedUsers />
      <ActivityLog />
      <AuditLog />
    </div>
  );
}
