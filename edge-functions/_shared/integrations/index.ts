// The public API's key check and owner, for the /api/integrations sub-app.
export { authenticateApiKey, type ApiKeyHolder, type KeyAuthentication, type KeyOutcome, recordApiKeyCall } from "./privileged-auth.ts";
export { keyOwner } from "./key-owner.ts";
export { presentedKey, type PresentedKey } from "./presented-key.ts";
export * from "./contract.ts";
