// GET /api/webhooks/deliveries?page=: the person's webhook deliveries, newest first, a page at a time; and POST
// …/{id}/redeliver, which queues a new attempt now. The page in view stays while the next one loads.
import { webhookDeliveryPageSchema } from "@contracts/api-keys";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";
import { webhookDeliveriesQueryKey } from "./api-keys-query-keys";

export function webhookDeliveriesQueryOptions(page: number) {
  return queryOptions({
    meta: userScoped,
    queryKey: webhookDeliveriesQueryKey(page),
    queryFn: async ({ signal }) =>
      readJson(await apiFetch(`/api/webhooks/deliveries?page=${page}`, { signal }), webhookDeliveryPageSchema),
    placeholderData: keepPreviousData,
  });
}

export function useWebhookDeliveries(page: number) {
  return useQuery(webhookDeliveriesQueryOptions(page));
}

export function useRedeliver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiFetch(`/api/webhooks/deliveries/${encodeURIComponent(id)}/redeliver`, { method: "POST" });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookDeliveriesQueryKey() }),
  });
}
