// The API keys contract shared by the api function and the SPA: a signed-in person's own keys (made, renamed, rotated,
// revoked), their usage, the webhook signing secret and the deliveries made with it, and the admin's view of every key.
// A key's secret is answered once, when it is made (or rotated), and never again: the database keeps only its hash.
import { z } from "zod";
import { pageParameters } from "../contracts/paging.ts";
import { text } from "../contracts/text.ts";

/**
 * A key is API_KEY_PREFIX, API_KEY_BODY_LENGTH base62 characters drawn from 32 random bytes, then
 * API_KEY_CHECKSUM_LENGTH base62 characters of checksum over the prefix and body. The prefix lets secret scanners
 * spot a leaked key; the checksum turns a mistyped key away without a database lookup.
 */
export const API_KEY_PREFIX = "msk_";
export const API_KEY_BODY_LENGTH = 43;
export const API_KEY_CHECKSUM_LENGTH = 6;
export const API_KEY_LENGTH = API_KEY_PREFIX.length + API_KEY_BODY_LENGTH + API_KEY_CHECKSUM_LENGTH;
/** The first characters of a key, stored and shown so a person recognises which key is which. */
export const API_KEY_SHOWN_PREFIX_LENGTH = 10;
export const BASE62_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Active (neither revoked nor expired, nor replaced by a rotation) keys one person may hold. */
export const API_KEYS_ACTIVE_MAX = 10;
/** Calls per key and minute unless an admin sets another limit. */
export const API_KEY_DEFAULT_RATE_LIMIT = 60;
export const API_KEY_RATE_LIMIT_MAX = 6_000;
export const API_KEY_NAME_MAX_LENGTH = 100;
/** How long a rotated key keeps working beside its replacement, at most and by default. */
export const API_KEY_ROTATE_GRACE_HOURS_MAX = 168;
export const API_KEY_ROTATE_GRACE_HOURS_DEFAULT = 24;
/** The owner is emailed this many days before a key expires. */
export const API_KEY_EXPIRY_NOTICE_DAYS = 7;
/** The usage chart's span. */
export const API_KEY_USAGE_DAYS = 30;

/** revoked wins over expired: a key revoked and past its expiry reads revoked. */
export const API_KEY_STATUSES = ["active", "revoked", "expired"] as const;
export const apiKeyStatusSchema = z.enum(API_KEY_STATUSES);
export type ApiKeyStatus = z.infer<typeof apiKeyStatusSchema>;

const keyNameSchema = text({ error: "keyName must be text" })
  .trim()
  .min(1, "Key name is required")
  .max(API_KEY_NAME_MAX_LENGTH, `Key name must be at most ${API_KEY_NAME_MAX_LENGTH} characters`);

/** One key as its owner sees it (GET /api/api-keys, and inside every answer that names a key). */
export const apiKeySchema = z.object({
  id: z.string(),
  keyName: z.string(),
  keyPrefix: z.string(),
  rateLimit: z.number().int(),
  usageCount: z.number().int(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** The key that replaced this one by a rotation; this one works until its expiresAt (the grace period). */
  replacedBy: z.string().nullable(),
  status: apiKeyStatusSchema,
  createdAt: z.string(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyListSchema = z.array(apiKeySchema);

/** POST /api/api-keys. expiresAt must be in the future (400 otherwise). */
export const createApiKeyRequestSchema = z.object({
  keyName: keyNameSchema,
  expiresAt: z.iso.datetime({ offset: true, error: "expiresAt must be a date and time (ISO 8601)" }).nullable().optional(),
});
export type CreateApiKeyRequest = z.input<typeof createApiKeyRequestSchema>;

/** 201 to POST /api/api-keys and 200 to POST /api/api-keys/{id}/rotate: the only time the secret is ever answered. */
export const createdApiKeySchema = z.object({ key: apiKeySchema, secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** PATCH /api/api-keys/{id} */
export const renameApiKeyRequestSchema = z.object({ keyName: keyNameSchema });
export type RenameApiKeyRequest = z.input<typeof renameApiKeyRequestSchema>;

/** POST /api/api-keys/{id}/rotate: a new key with the old one's name and limit; the old one lasts graceHours. */
export const rotateApiKeyRequestSchema = z.object({
  graceHours: z
    .number({ error: "graceHours must be a number" })
    .int("graceHours must be a whole number")
    .min(0, "graceHours must be 0 or more")
    .max(API_KEY_ROTATE_GRACE_HOURS_MAX, `graceHours must be at most ${API_KEY_ROTATE_GRACE_HOURS_MAX}`)
    .default(API_KEY_ROTATE_GRACE_HOURS_DEFAULT),
});
export type RotateApiKeyRequest = z.input<typeof rotateApiKeyRequestSchema>;

/** One day of a key's (or all the caller's keys') calls. */
export const apiKeyUsageDaySchema = z.object({
  /** YYYY-MM-DD, UTC. */
  day: z.string(),
  requests: z.number().int(),
  /** Addresses validated through the key (a bulk call counts each). */
  emails: z.number().int(),
  /** Answers of 400 and over. */
  errors: z.number().int(),
});
export type ApiKeyUsageDay = z.infer<typeof apiKeyUsageDaySchema>;

/** GET /api/api-keys/usage?keyId=: API_KEY_USAGE_DAYS days, oldest first, days without calls as zeros. */
export const apiKeyUsageSchema = z.object({
  keyId: z.string().nullable(),
  days: z.array(apiKeyUsageDaySchema),
});
export type ApiKeyUsage = z.infer<typeof apiKeyUsageSchema>;
export const apiKeyUsageQuerySchema = z.object({ keyId: z.uuid("keyId must be a key's id").optional() });

// ---- The admin's view: /api/admin/api-keys ----

export const ADMIN_API_KEYS_PAGE_SIZE = 50;
export const adminApiKeysQuerySchema = z.object({
  /** Matches the key's name or prefix, or the owner's email or name. */
  q: text({ error: "q must be text" }).trim().max(200, "q must be at most 200 characters").optional(),
  status: apiKeyStatusSchema.optional(),
  ...pageParameters(ADMIN_API_KEYS_PAGE_SIZE, 200),
});
export type AdminApiKeysQuery = z.input<typeof adminApiKeysQuerySchema>;

export const apiKeyOwnerSchema = z.object({ id: z.string(), email: z.string(), name: z.string().nullable() });

export const adminApiKeySchema = apiKeySchema.extend({
  owner: apiKeyOwnerSchema,
  /** Calls today (UTC) as counted so far. */
  requestsToday: z.number().int(),
});
export type AdminApiKey = z.infer<typeof adminApiKeySchema>;

/** GET /api/admin/api-keys: a page of keys, newest first, and the platform's busiest keys today. */
export const adminApiKeyPageSchema = z.object({
  keys: z.array(adminApiKeySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** At most 10, busiest first. */
  topToday: z.array(adminApiKeySchema),
});
export type AdminApiKeyPage = z.infer<typeof adminApiKeyPageSchema>;

/** PATCH /api/admin/api-keys/{id} */
export const adminRateLimitRequestSchema = z.object({
  rateLimit: z
    .number({ error: "rateLimit must be a number" })
    .int("rateLimit must be a whole number")
    .min(1, "rateLimit must be 1 or more")
    .max(API_KEY_RATE_LIMIT_MAX, `rateLimit must be at most ${API_KEY_RATE_LIMIT_MAX}`),
});
export type AdminRateLimitRequest = z.input<typeof adminRateLimitRequestSchema>;

// ---- Webhooks: /api/webhooks ----

/** Seconds between a delivery's failed attempt and the next: 1 min, 5 min, 30 min, 2 h, 12 h; then it has failed. */
export const WEBHOOK_RETRY_SECONDS = [60, 300, 1_800, 7_200, 43_200] as const;
export const WEBHOOK_ATTEMPTS_MAX = WEBHOOK_RETRY_SECONDS.length + 1;
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Receivers should refuse a signature whose timestamp is older than this (replays). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
export const WEBHOOK_SIGNATURE_HEADER = "MailScout-Signature";
export const WEBHOOK_DELIVERY_HEADER = "MailScout-Delivery";

export const WEBHOOK_EVENTS = ["job.completed", "job.failed"] as const;
export const webhookEventNameSchema = z.enum(WEBHOOK_EVENTS);

/** GET /api/webhooks/secret reveals the caller's signing secret (made on first ask); POST regenerates it. */
export const webhookSecretSchema = z.object({ secret: z.string(), createdAt: z.string() });
export type WebhookSecret = z.infer<typeof webhookSecretSchema>;

/** pending: waiting for its next attempt; delivered: a 2xx came back; failed: every attempt failed. */
export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;

export const WEBHOOK_DELIVERIES_PAGE_SIZE = 50;
/** GET /api/webhooks/deliveries?page=&pageSize= */
export const webhookDeliveriesQuerySchema = z.object({ ...pageParameters(WEBHOOK_DELIVERIES_PAGE_SIZE, 200) });
export type WebhookDeliveriesQuery = z.input<typeof webhookDeliveriesQuerySchema>;

/** One delivery of one event (GET /api/webhooks/deliveries, newest first, 50 a page). */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  jobId: z.string(),
  event: webhookEventNameSchema,
  url: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  /** Attempts made so far. */
  attempts: z.number().int(),
  /** The last attempt's HTTP status, or null when it got none (refused address, timeout, connection error). */
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryPageSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;
