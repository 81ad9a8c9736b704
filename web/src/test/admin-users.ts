// Users, grants, logs and domains as the admin API answers them, for the admin tabs' tests.
import type {
  ActivityEntry,
  AdminDomain,
  AdminUserDetail,
  AdminUserRow,
  AuditEntry,
  CreditGrant,
} from "@contracts/admin";

export const ANN_ID = "3c1b2a4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
export const BOB_ID = "9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b";

export function adminUserRow(extra: Partial<AdminUserRow> = {}): AdminUserRow {
  return {
    id: ANN_ID,
    username: "ann",
    email: "ann@example.com",
    firstName: "Ann",
    lastName: "Lee",
    isAdmin: false,
    plan: "free",
    validationCount: 1200,
    contactCount: 35,
    createdAt: "2026-10-01T09:00:00Z",
    lastActiveAt: "2026-11-25T18:30:00Z",
    balances: { freeValidationsUsed: 10, grantedCredits: 0, paidCredits: 800 },
    throttle: { throttleEnabled: false, maxRequestsPerMinute: 10, currentThrottleLevel: 100 },
    suspendedUntil: null,
    suspensionReason: null,
    ...extra,
  };
}

export function creditGrant(id: number, extra: Partial<CreditGrant> = {}): CreditGrant {
  return {
    id,
    userId: ANN_ID,
    userEmail: "ann@example.com",
    grantedBy: "0b6a9c8e-2d4f-4e1a-8c3b-7f5e6d4c3b2a",
    grantedByEmail: "admin@example.com",
    amount: 500,
    creditsUsed: 0,
    grantType: "bonus",
    reason: `Grant ${id}`,
    expiresAt: null,
    isActive: true,
    revokedAt: null,
    createdAt: "2026-11-20T10:00:00Z",
    ...extra,
  };
}

export function activityEntry(id: number, extra: Partial<ActivityEntry> = {}): ActivityEntry {
  return {
    id,
    userId: ANN_ID,
    userEmail: "ann@example.com",
    ipAddress: "203.0.113.7",
    userAgent: "Mozilla/5.0",
    endpoint: "/api/validate",
    requestCount: 1,
    timeWindow: "2026-11-25T18:30:00Z",
    isAnomalous: false,
    anomalyReason: null,
    createdAt: "2026-11-25T18:30:00Z",
    ...extra,
  };
}

export function userDetail(user: AdminUserRow = adminUserRow(), extra: Partial<AdminUserDetail> = {}): AdminUserDetail {
  return {
    user,
    usage: { validationsThisMonth: 300, validationsTotal: user.validationCount, bulkJobs: 4, ticketsOpen: 1 },
    grants: [],
    recentActivity: [],
    ...extra,
  };
}

export function auditEntry(id: number, extra: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    actorId: "0b6a9c8e-2d4f-4e1a-8c3b-7f5e6d4c3b2a",
    actorEmail: "admin@example.com",
    action: "user.throttle_changed",
    targetType: "user",
    targetId: ANN_ID,
    before: { throttleEnabled: false, maxRequestsPerMinute: 10, currentThrottleLevel: 100 },
    after: { throttleEnabled: true, maxRequestsPerMinute: 10, currentThrottleLevel: 50 },
    createdAt: "2026-11-25T19:00:00Z",
    ...extra,
  };
}

export function adminDomain(domain: string, extra: Partial<AdminDomain> = {}): AdminDomain {
  return {
    domain,
    dnsVerdict: "mx",
    dnsExpiresAt: "2026-11-26T19:00:00Z",
    exploredAt: "2026-11-20T08:00:00Z",
    partial: false,
    discoveredEmails: 3,
    ...extra,
  };
}
