// GET /api/admin/payments?page=&pageSize=&status=&refundRequested=: payments newest first, in pages. The finances
// tab's first glance is the first RECENT_PAYMENTS of all of them; status=pending is the verification queue and
// refundRequested=true the buyers' money-back requests.
import { type AdminPaymentsPage, adminPaymentsPageSchema } from "@contracts/admin";
import type { PaymentStatus } from "@contracts/billing";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";

export const paymentsQueryKey = ["/api/admin/payments"] as const;

type PaymentsQuery = { page: number; pageSize: number; status?: PaymentStatus; refundRequested?: true };

export async function getPayments(query: PaymentsQuery, signal?: AbortSignal): Promise<AdminPaymentsPage> {
  const search = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize) });
  if (query.status) search.set("status", query.status);
  if (query.refundRequested) search.set("refundRequested", "true");
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
