// A purchase moves the buyer's balances and adds to their payments: every screen showing either asks again.
import type { QueryClient } from "@tanstack/react-query";
import { paymentsQueryKey, refreshBalance } from "@/features/account";

export function invalidateBalances(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([refreshBalance(queryClient), queryClient.invalidateQueries({ queryKey: paymentsQueryKey })]);
}
