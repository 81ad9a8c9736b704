// The API keys screen's tests: keys, a new key's answer, usage, the signing secret and deliveries as the API answers them.
import type { ApiKey, ApiKeyUsage, CreatedApiKey, WebhookDelivery } from "@contracts/api-keys";

export function apiKey(n: number, extra: Partial<ApiKey> = {}): ApiKey {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    keyName: `Server ${n}`,
    keyPrefix: `msk_abc12${n}`,
    rateLimit: 60,
    usageCount: 1200 * n,
    lastUsedAt: "2026-11-26T15:30:00.000Z",
    expiresAt: null,
    revokedAt: null,
    replacedBy: null,
    status: "active",
    createdAt: "2026-11-01T09:00:00.000Z",
    ...extra,
  };
}

/** A key's secret as the database makes it: `msk_`, 43 base62 characters, a 6-character checksum. */
export const SECRET = `msk_${"7Hq2Zr9LmXw4Tb6Ke1Vd8Ns3Pc5Jf0Gy".padEnd(43, "a")}Q1w2E3`;

export function createdKey(key: ApiKey, secret = SECRET): CreatedApiKey {
  return { key, secret };
}

export function usage(keyId: string | null, requestsPerDay: (index: number) => number = () => 0): ApiKeyUsage {
  const start = Date.UTC(2026, 9, 28);
  return {
    keyId,
    days: Array.from({ length: 30 }, (_, index) => ({
      day: new Date(start + index * 86_400_000).toISOString().slice(0, 10),
      requests: requestsPerDay(index),
      emails: requestsPerDay(index) * 2,
      errors: 0,
    })),
  };
}

export function delivery(extra: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
    jobId: "6c1f7a2e-9b3d-4e8f-a1c2-d3e4f5a6b7c8",
    event: "job.completed",
    url: "https://hooks.acme.test/mailscout",
    status: "failed",
    attempts: 6,
    lastStatusCode: 503,
    lastError: "HTTP 503",
    nextAttemptAt: null,
    deliveredAt: null,
    createdAt: "2026-11-26T10:00:00.000Z",
    ...extra,
  };
}
