// GET, POST /api/campaigns/popup-campaigns and PUT, DELETE /api/campaigns/popup-campaigns/{id}: the Popup campaigns manager's items.
import { type PopupCampaign, type popupCampaignInputSchema, popupCampaignSchema } from "@contracts/marketing";
import type { z } from "zod";
import { adminResource } from "./admin-resource";

export const popupCampaigns = adminResource<PopupCampaign, z.output<typeof popupCampaignInputSchema>>("/api/campaigns/popup-campaigns", popupCampaignSchema);
