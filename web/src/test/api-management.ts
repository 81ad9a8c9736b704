// The admin's API keys as GET /api/admin/api-keys answers them, for the API management screen's tests.
import type { AdminApiKey, AdminApiKeyPage } from "@contracts/api-keys";

export function adminApiKey(overrides: Partial<AdminApiKey> = {}): AdminApiKey {
  return {
    id: "7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
    keyName: "Production server",
    keyPrefix: "msk_a1B2c3",
    rateLimit: 60,
    usageCount: 12_345,
    lastUsedAt: "2026-11-26T09:00:00.000Z",
    expiresAt: null,
    revokedAt: null,
    replacedBy: null,
    status: "active",
    createdAt: "2026-10-01T08:00:00.000Z",
    owner: { id: "5f0c1a52-3c1e-4a53-9f55-0e8f3d2b7a10", email: "demo@example.com", name: "Dana Demo" },
    requestsToday: 420,
    ...overrides,
  };
}

export function adminApiKeyPage(keys: AdminApiKey[], extra: Partial<AdminApiKeyPage> = {}): AdminApiKeyPage {
  return { keys, total: keys.length, page: 1, pageSize: 50, topToday: keys.filter((key) => key.requestsToday > 0), ...extra };
}
