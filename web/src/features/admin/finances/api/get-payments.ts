// GET /api/admin/payments?page=&pageSize=: every payment, newest first, in pages; the finances tab's first glance is
// the first RECENT_PAYMENTS of them.
import { type AdminPaymentsPage, adminPaymentsPageSchema } from "@contracts/admin";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";

export const paymentsQueryKey = ["/api/admin/payments"] as const;

type PaymentsQuery = { page: number; pageSize: number };

export async function getPayments({ page, pageSize }: PaymentsQuery, signal?: AbortSignal): Promise<AdminPaymentsPage> {
  const search = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  return readJson(await apiFetch(`/api/admin/payments?${search}`, { signal }), adminPaymentsPageSchema);
}

export function paymentsQueryOptions(query: PaymentsQuery) {
  return queryOptions({
    meta: userScoped,
    queryKey: [...paymentsQueryKey, query] as const,
    queryFn: ({ signal }) => getPayments(query, signal),
    // The page in view stays while the next one loads, so the table does not flash empty.
    placeholderData: keepPreviousData,
  });
}

export function usePayments(query: PaymentsQuery) {
  return useQuery(paymentsQueryOptions(query));
}
