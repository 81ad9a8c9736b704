// API keys. Other folders reach the feature through this file only.
export { apiKeyHash, isWellFormedApiKey } from "./key-format.ts";
