// Rows of the audit log and the activity log, in the contract's shape (from a query, or as JSON from
// private.admin_user's recent activity).
import { isoTime } from "./as-admin.ts";
import type { ActivityEntry, AuditEntry } from "./contract.ts";

export interface AuditColumns {
  id: number | string;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  before: unknown;
  after: unknown;
  created_at: Date | string;
}

export function auditFromRow(row: AuditColumns): AuditEntry {
  return {
    id: Number(row.id),
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    action: row.action,
    // Null for actions on no one row (an export).
    targetType: row.target_type ?? "",
    targetId: row.target_id,
    before: row.before,
    after: row.after,
    createdAt: isoTime(row.created_at),
  };
}

export interface ActivityColumns {
  id: number | string;
  user_id: string | null;
  /** Left out by private.admin_user's recent activity, which is the one user's. */
  user_email?: string | null;
  ip_address: string | null;
  user_agent: string | null;
  endpoint: string;
  request_count: number;
  time_window: Date | string;
  is_anomalous: boolean;
  anomaly_reason: ActivityEntry["anomalyReason"];
  created_at: Date | string;
}

export function activityFromRow(row: ActivityColumns): ActivityEntry {
  return {
    id: Number(row.id),
    userId: row.user_id,
    userEmail: row.user_email ?? null,
    ipAddress: row.ip_address,
    userAgent: row.user_agent,
    endpoint: row.endpoint,
    requestCount: row.request_count,
    timeWindow: isoTime(row.time_window),
    isAnomalous: row.is_anomalous,
    anomalyReason: row.anomaly_reason,
    createdAt: isoTime(row.created_at),
  };
}
