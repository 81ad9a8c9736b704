// GET /api/marketing/preview/{campaignType}/{id} (admin): one campaign as a visitor would get it, shown in its slot.
import { type DeliveredItem, deliveredItemSchema } from "@contracts/marketing";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";

export type PreviewTarget = { campaignType: DeliveredItem["campaignType"]; id: string };

export const campaignPreviewQueryKey = (target: PreviewTarget) =>
  ["/api/marketing/preview", target.campaignType, target.id] as const;

export async function getCampaignPreview(target: PreviewTarget, signal?: AbortSignal): Promise<DeliveredItem> {
  const path = `/api/marketing/preview/${target.campaignType}/${encodeURIComponent(target.id)}` as const;
  return readJson(await apiFetch(path, { signal }), deliveredItemSchema);
}

export function campaignPreviewQueryOptions(target: PreviewTarget) {
  return queryOptions({
    meta: userScoped,
    queryKey: campaignPreviewQueryKey(target),
    queryFn: ({ signal }) => getCampaignPreview(target, signal),
  });
}
