// The CRM sync screens' tests: a connection, candidates, stats and runs as the API answers them.
import type { CrmConnection, SyncCandidate, SyncRun, SyncStats } from "@contracts/crm";

export function crmConnection(extra: Partial<CrmConnection> = {}): CrmConnection {
  return {
    status: "connected",
    configured: true,
    orgId: "org-778899",
    accountsHost: "https://accounts.zoho.com",
    apiHost: "https://www.zohoapis.com",
    connectedAt: "2026-11-20T09:00:00.000Z",
    lastSyncAt: "2026-11-26T15:30:00.000Z",
    ...extra,
  };
}

export function syncCandidate(id: number, extra: Partial<SyncCandidate> = {}): SyncCandidate {
  return {
    id,
    email: `contact${id}@acme.test`,
    first_name: "Ada",
    last_name: `Number${id}`,
    company: "Acme",
    phone_number: "+1 555 0100",
    mobile_number: null,
    is_valid: true,
    deliverability_score: 87,
    last_sync: null,
    ...extra,
  };
}

export function syncStats(extra: Partial<SyncStats> = {}): SyncStats {
  return {
    total_syncs: 260,
    contacts_created: 200,
    contacts_updated: 40,
    contacts_skipped: 9,
    successful_syncs: 249,
    failed_syncs: 11,
    ...extra,
  };
}

export function syncRun(extra: Partial<SyncRun> = {}): SyncRun {
  return {
    jobId: "6c1f7a2e-9b3d-4e8f-a1c2-d3e4f5a6b7c8",
    status: "running",
    total: 250,
    processed: 100,
    created: 90,
    updated: 5,
    skipped: 4,
    failed: 1,
    options: { tagInvalidEmails: true, overwriteExisting: false },
    message: null,
    startedAt: "2026-11-27T02:00:05.000Z",
    completedAt: null,
    createdAt: "2026-11-27T02:00:00.000Z",
    ...extra,
  };
}
