// GET, POST /api/campaigns/email-campaigns and PUT, DELETE /api/campaigns/email-campaigns/{id}: the Email campaigns manager's items.
import { type EmailCampaign, type emailCampaignInputSchema, emailCampaignSchema } from "@contracts/marketing";
import type { z } from "zod";
import { adminResource } from "./admin-resource";

export const emailCampaigns = adminResource<EmailCampaign, z.output<typeof emailCampaignInputSchema>, "/api/campaigns/email-campaigns">("/api/campaigns/email-campaigns", emailCampaignSchema);
