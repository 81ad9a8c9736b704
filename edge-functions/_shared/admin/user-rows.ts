// The admin user row as private.admin_users returns it (one row per user), and as private.admin_user nests it in
// JSON (same names, timestamps as text), turned into the contract's shape.
import { isoTime, isoTimeOrNull } from "./as-admin.ts";
import type { AdminUserRow } from "./contract.ts";

export interface UserRowColumns {
  id: string;
  username: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  is_admin: boolean;
  subscription_status: string;
  validation_count: number | string;
  contact_count: number | string;
  created_at: Date | string;
  last_active_at: Date | string | null;
  free_validations_used: number;
  admin_granted_credits: number;
  paid_credits: number;
  throttle_enabled: boolean;
  max_requests_per_minute: number;
  current_throttle_level: number;
  suspended_until: Date | string | null;
  suspension_reason: string | null;
}

export function userFromRow(row: UserRowColumns): AdminUserRow {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    isAdmin: row.is_admin,
    plan: row.subscription_status,
    // Counts may be bigint, which postgres.js reads as text.
    validationCount: Number(row.validation_count),
    contactCount: Number(row.contact_count),
    createdAt: isoTime(row.created_at),
    lastActiveAt: isoTimeOrNull(row.last_active_at),
    balances: {
      freeValidationsUsed: row.free_validations_used,
      grantedCredits: row.admin_granted_credits,
      paidCredits: row.paid_credits,
    },
    throttle: {
      throttleEnabled: row.throttle_enabled,
      maxRequestsPerMinute: row.max_requests_per_minute,
      currentThrottleLevel: row.current_throttle_level,
    },
    suspendedUntil: isoTimeOrNull(row.suspended_until),
    suspensionReason: row.suspension_reason,
  };
}
