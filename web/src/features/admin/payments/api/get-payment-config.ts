// GET /api/payment-config: each payment provider's setup as the server lets it be seen: which fields are set, with
// their last four characters ("••••1a2b"), never a secret.
import { type MaskedPaymentConfig, maskedPaymentConfigListSchema } from "@contracts/admin";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";

export const paymentConfigQueryKey = ["/api/payment-config"] as const;

export async function getPaymentConfig(signal?: AbortSignal): Promise<MaskedPaymentConfig[]> {
  return readJson(await apiFetch("/api/payment-config", { signal }), maskedPaymentConfigListSchema);
}

export function paymentConfigQueryOptions() {
  return queryOptions({
    meta: userScoped,
    queryKey: paymentConfigQueryKey,
    queryFn: ({ signal }) => getPaymentConfig(signal),
  });
}

export function usePaymentConfig() {
  return useQuery(paymentConfigQueryOptions());
}
