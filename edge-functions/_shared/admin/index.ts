// The admin dashboard: platform figures, users and their credits, throttles and suspensions, the logs, payments,
// payment providers, reports, exports and the domain knowledge. Every function runs as the signed-in admin, so the
// database checks the caller is one and its audit log names them. Other folders reach the admin area through this file.
export * from "./contract.ts";
export { tempAdminWindows, timeframeWindows } from "./timeframe-windows.ts";
export { lifetimeStats, platformStats, setMonthlyCost, tempAdminStats } from "./stats.ts";
export { type AdminUsersFilters, grantCredits, listUsers, readUser, setAdmin, setThrottle, suspendUser, unsuspendUser } from "./users.ts";
export { listCreditGrants, revokeCreditGrant } from "./credit-grants.ts";
export { activityLog, auditLog } from "./logs.ts";
export { listPayments } from "./payments.ts";
export {
  listPaymentConfigs,
  paymentCredentials,
  type ProviderCredentials,
  resealPaymentConfigs,
  savePaymentConfig,
} from "./payment-config.ts";
export { financialReport } from "./reports.ts";
export { exportDatabase, publicTableColumns } from "./database-export.ts";
export { EXPORT_COLUMN_RULES, unclassifiedSecretColumns } from "./export-columns.ts";
export { exportUsers } from "./users-export.ts";
export { listDomains, purgeDomain, recordReexploration } from "./domains.ts";
