// Bulk validation: a file of up to 100,000 addresses uploaded in parts, validated in the background by the
// bulk-validation-worker function (chunks of about 1,000 addresses, grouped by domain), its progress broadcast by the
// database, its results downloaded as CSV. The api and the worker reach the feature through this file only.
export { appendBulkPart, type BulkPart, type StartBulkValidation, startBulkValidation } from "./upload.ts";
export { deleteBulkSession, listBulkSessions } from "./sessions.ts";
export { type BulkDownload, downloadBulkResults, resultRows } from "./download.ts";
export { csvRecords, UTF8_BOM } from "./csv.ts";
export { BULK_WORKER, type BulkWorkerSummary, runBulkValidationWorker } from "./worker.ts";
export {
  bulkPartRequestSchema,
  type BulkSession,
  bulkSessionListSchema,
  bulkSessionSchema,
  type BulkUploadAnswer,
  bulkUploadAnswerSchema,
  startBulkValidationRequestSchema,
} from "./contract.ts";
