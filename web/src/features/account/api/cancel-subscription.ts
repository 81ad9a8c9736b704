// POST /api/billing/subscription/cancel: the subscription ends at its period's end instead of renewing.
import { type Subscription, subscriptionSchema } from "@contracts/billing";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { accountUsageQueryOptions } from "./get-account-usage";

export async function cancelSubscription(): Promise<Subscription> {
  return readJson(await apiFetch("/api/billing/subscription/cancel", { method: "POST" }), subscriptionSchema);
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    // The account's usage carries the subscription the billing page shows; the answer is that subscription now.
    onSuccess: (subscription) =>
      queryClient.setQueryData(accountUsageQueryOptions().queryKey, (usage) => usage && { ...usage, subscription }),
  });
}
