// A purchase moves the buyer's balances and adds to their payments: every screen showing either asks again.
import type { QueryClient } from "@tanstack/react-query";
import { accountUsageQueryKey } from "./get-account-usage";
import { paymentsQueryKey } from "./get-payments";

export function invalidateBalances(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [accountUsageQueryKey, paymentsQueryKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
