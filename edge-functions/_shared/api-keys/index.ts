// API keys: a signed-in person's keys for the public API (made, renamed, rotated, revoked, their usage), the admin's
// view of every key with its audited actions, the owners' emails about their keys, and the key's format, by which the
// public API turns a mistyped key away without a query. Other folders reach the feature through this file only.
export { adminRevokeApiKey, adminSetApiKeyRateLimit, listAdminApiKeys } from "./admin-keys.ts";
export { apiKeyHash, isWellFormedApiKey } from "./key-format.ts";
export { apiKeyUsage, createApiKey, listApiKeys, renameApiKey, revokeApiKey, rotateApiKey } from "./keys.ts";
export { API_KEY_NOTICES_WORKER, type ExpiryNoticesSummary, runApiKeyNoticesWorker } from "./notices.ts";
export * from "./contract.ts";
