// POST /api/campaign-delivery/events: an impression or a dismissal, reported as it happens. A lost event is the
// figures' loss, not the visitor's concern, so failures are not shown.
import type { CampaignEvent } from "@contracts/marketing";
import { apiFetch } from "@/lib/api";

export async function postCampaignEvent(event: CampaignEvent): Promise<void> {
  await apiFetch("/api/campaign-delivery/events", { method: "POST", body: event });
}

export function reportCampaignEvent(event: CampaignEvent): void {
  postCampaignEvent(event).catch(() => undefined);
}
