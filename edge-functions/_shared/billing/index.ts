// Billing's metering and the account's own side: charging work to the caller's balances, their usage, deleting the
// account. Other folders reach billing through this file only.
export { deleteAccount } from "./account-deletion.ts";
export { creditsNeededRefusal, meteredRequest, meterWork, releaseWork } from "./metering.ts";
export { accountUsage, usageHistory } from "./usage.ts";
export {
  deleteAccountRequestSchema,
  needsCreditsSchema,
  usageHistoryQuerySchema,
  type WorkKind,
} from "./contract.ts";
