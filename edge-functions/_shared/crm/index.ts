// CRM sync (Zoho): each user connects their own Zoho CRM by OAuth and pushes their own saved contacts to it, inline
// (up to 100) or as a background run worked by the crm-sync-worker function. The api and the worker reach the feature
// through this file only.
export { connectionOf, connectUrl, disconnect, type CallbackQuery, finishConsent, testConnection } from "./connection.ts";
export { syncCandidates } from "./candidates.ts";
export { latestSyncRuns, syncRun, syncRunReport, syncStats } from "./runs.ts";
export { bulkSync, type BulkSyncAnswer, syncOneContact } from "./sync.ts";
export { CRM_SYNC_WORKER, type CrmSyncWorkerSummary, runCrmSyncWorker } from "./worker.ts";
export * from "./contract.ts";
