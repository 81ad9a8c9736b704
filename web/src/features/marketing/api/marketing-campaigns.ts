// GET, POST /api/marketing/campaigns and PUT, DELETE /api/marketing/campaigns/{id}: the dashboard's campaigns.
import { type MarketingCampaign, type marketingCampaignInputSchema, marketingCampaignSchema } from "@contracts/marketing";
import type { z } from "zod";
import { adminResource } from "./admin-resource";

export const marketingCampaigns = adminResource<MarketingCampaign, z.output<typeof marketingCampaignInputSchema>>(
  "/api/marketing/campaigns",
  marketingCampaignSchema,
);
