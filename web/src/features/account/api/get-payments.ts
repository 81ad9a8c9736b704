// GET /api/billing/payments?page=&pageSize=: the person's own payments, newest first.
import { type PaymentsPage, paymentsPageSchema } from "@contracts/billing";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";

export const PAYMENTS_PAGE_SIZE = 20;

export const paymentsQueryKey = ["/api/billing/payments"] as const;

export async function getPayments(page: number, signal?: AbortSignal): Promise<PaymentsPage> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(PAYMENTS_PAGE_SIZE) });
  return readJson(await apiFetch(`/api/billing/payments?${query}`, { signal }), paymentsPageSchema);
}

export function paymentsQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...paymentsQueryKey, page],
    queryFn: ({ signal }) => getPayments(page, signal),
    meta: userScoped,
    placeholderData: keepPreviousData,
  });
}

export function usePayments(page: number) {
  return useQuery(paymentsQueryOptions(page));
}
