// GET /api/account/usage: the signed-in person's plan, trial and balances. The header's balance, the home tool's note
// and the Plan and usage page read this one query; work that spends units refreshes it (refreshBalance).
import { type AccountUsage, accountUsageSchema } from "@contracts/billing";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";

export const accountUsageQueryKey = ["/api/account/usage"] as const;

export async function getAccountUsage(signal?: AbortSignal): Promise<AccountUsage> {
  return readJson(await apiFetch("/api/account/usage", { signal }), accountUsageSchema);
}

export function accountUsageQueryOptions() {
  return queryOptions({
    queryKey: accountUsageQueryKey,
    queryFn: ({ signal }) => getAccountUsage(signal),
    meta: userScoped,
  });
}

export function useAccountUsage({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...accountUsageQueryOptions(), enabled });
}

/** After work that spends units (a validation, an exploration, a bulk job's start, or a refusal for want of them). */
export function refreshBalance(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: accountUsageQueryKey });
}
