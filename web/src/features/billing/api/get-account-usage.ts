// GET /api/account/usage: the signed-in user's plan, trial and balances by source; the header's balance is its
// `available`.
import { type AccountUsage, accountUsageSchema } from "@contracts/billing";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";

export const accountUsageQueryKey = ["/api/account/usage"] as const;

export async function getAccountUsage(signal?: AbortSignal): Promise<AccountUsage> {
  return readJson(await apiFetch("/api/account/usage", { signal }), accountUsageSchema);
}

export function accountUsageQueryOptions() {
  return queryOptions({ meta: userScoped, queryKey: accountUsageQueryKey, queryFn: ({ signal }) => getAccountUsage(signal) });
}
