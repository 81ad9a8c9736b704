// My Account's API keys screen, as the route reaches it.
export { apiKeysQueryOptions } from "./api/get-api-keys";
export { ApiKeysPage } from "./components/api-keys-page";
export { KeyStatusBadge } from "./components/key-status-badge";
export { KEY_STATUS_LABELS } from "./labels";
