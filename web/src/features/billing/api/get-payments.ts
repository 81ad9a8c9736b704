// GET /api/billing/payments?page=&pageSize=: the signed-in buyer's payments, newest first.
import { type PaymentsPage, paymentsPageSchema } from "@contracts/billing";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";

export const paymentsQueryKey = ["/api/billing/payments"] as const;

type PaymentsQuery = { page: number; pageSize: number };

export async function getPayments({ page, pageSize }: PaymentsQuery, signal?: AbortSignal): Promise<PaymentsPage> {
  const search = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  return readJson(await apiFetch(`/api/billing/payments?${search}`, { signal }), paymentsPageSchema);
}

export function paymentsQueryOptions(query: PaymentsQuery) {
  return queryOptions({
    meta: userScoped,
    queryKey: [...paymentsQueryKey, query] as const,
    queryFn: ({ signal }) => getPayments(query, signal),
  });
}
