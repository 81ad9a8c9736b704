// API keys: a signed-in person's keys for the public API (made, renamed, rotated, revoked, their usage), the admin's
// view of every key with its audited actions, and the owners' emails about their keys. Other folders reach the feature
// through this file only.
export { adminRevokeApiKey, adminSetApiKeyRateLimit, listAdminApiKeys } from "./admin-keys.ts";
export { apiKeyUsage, createApiKey, listApiKeys, renameApiKey, revokeApiKey, rotateApiKey } from "./keys.ts";
export { apiKeyHash, isWellFormedApiKey } from "./key-format.ts";
export { API_KEY_NOTICES_WORKER, type ExpiryNoticesSummary, runApiKeyNoticesWorker } from "./notices.ts";
export * from "./contract.ts";
