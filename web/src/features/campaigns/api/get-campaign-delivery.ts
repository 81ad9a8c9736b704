// GET /api/campaign-delivery: what this visitor should see on this page view. Each page view is its own query (the
// view number is in the key), so coming back to a page asks again, as the server's caps and frequencies expect.
import { type DeliveryAnswer, deliveryAnswerSchema, type VisitorAction } from "@contracts/marketing";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";

export type DeliveryQuery = { page: string; after: VisitorAction[]; visit: string; view: number };

export const campaignDeliveryQueryKey = (query: DeliveryQuery) => ["/api/campaign-delivery", query] as const;

export async function getCampaignDelivery(query: DeliveryQuery, signal?: AbortSignal): Promise<DeliveryAnswer> {
  const params = new URLSearchParams({ page: query.page, after: query.after.join(","), visit: query.visit });
  return readJson(await apiFetch(`/api/campaign-delivery?${params}`, { signal }), deliveryAnswerSchema);
}

export function campaignDeliveryQueryOptions(query: DeliveryQuery) {
  return queryOptions({
    meta: userScoped,
    queryKey: campaignDeliveryQueryKey(query),
    queryFn: ({ signal }) => getCampaignDelivery(query, signal),
    // The last page's items stay while the next page's are asked for: slots don't empty and refill between pages.
    placeholderData: keepPreviousData,
    gcTime: 60_000,
  });
}
