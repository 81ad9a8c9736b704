// The public API's key check and owner, for the /api/integrations sub-app.
export { authenticateApiKey, type ApiKeyHolder, type KeyAuthentication, type KeyOutcome, recordApiKeyCall } from "./privileged-auth.ts";
export { keyOwner } from "./key-owner.ts";
export { presentedKey, type PresentedKey } from "./presented-key.ts";
export * from "./contract.ts";
// Jobs from the public API: validate-bulk, job status and results.
export { type KeyCaller, type ValidateBulk, validateBulk, type ValidateBulkAnswer } from "./jobs.ts";
export { jobStatus } from "./jobs-status.ts";
export { jobResultsCsv, jobResultsPage, type ResultsQuery } from "./results.ts";
export { jobResultsUrl, jobStatusName, jobStatusUrl } from "./jobs-links.ts";
