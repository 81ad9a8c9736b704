// Popup campaigns under /api/campaigns (behind requireAdmin, app.ts).
import { popupCampaignInputSchema, popupCampaigns } from "../../../../../_shared/marketing/index.ts";
import { managerRoutes } from "../../../../lib/manager-routes.ts";

export const popupCampaignsRoutes = managerRoutes({
  path: "/popup-campaigns",
  rows: popupCampaigns,
  input: popupCampaignInputSchema,
  notFound: "popup_campaign_not_found",
});
