// What the caller has and has used: the plan, the trial, balances by source (the header's balance and My Account's
// usage page), and the ledger's history per day. Computed by SQL from the counters the meter keeps in step with the
// ledger; parsed against the contract here, so a shape the SQL and the SPA disagree on fails loudly on our side.
import { type AccountUsage, accountUsageSchema, type UsageHistory, usageHistorySchema } from "./contract.ts";
import { usageBalances, usageHistoryRows } from "./privileged-usage.ts";

export async function accountUsage(userId: string): Promise<AccountUsage> {
  return accountUsageSchema.parse(await usageBalances(userId));
}

export async function usageHistory(userId: string, days: number): Promise<UsageHistory> {
  return usageHistorySchema.parse({ rows: await usageHistoryRows(userId, days) });
}
