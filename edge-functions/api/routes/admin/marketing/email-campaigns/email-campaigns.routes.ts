// Email campaigns under /api/campaigns (behind requireAdmin, app.ts), with their send, audience and preview.
import { emailCampaignInputSchema, emailCampaigns } from "../../../../../_shared/marketing/index.ts";
import { sendingManagerRoutes } from "../../../../lib/manager-routes.ts";
import * as handlers from "./email-campaigns.handlers.ts";

export const emailCampaignsRoutes = sendingManagerRoutes({
  path: "/email-campaigns",
  rows: emailCampaigns,
  input: emailCampaignInputSchema,
  notFound: "email_campaign_not_found",
}, "email");
emailCampaignsRoutes.get("/email-campaigns/:id/preview", handlers.preview);
