// Marketing: the admin's campaigns and managers, the CRM affiliate ads, the switches and figures, and the sends of
// pushes and emails. Other folders reach marketing through this file only.
export {
  createMarketingCampaign,
  deleteMarketingCampaign,
  listMarketingCampaigns,
  updateMarketingCampaign,
} from "./admin-campaigns.ts";
export type { AdminRows } from "./admin-rows.ts";
export { initZohoAffiliate, listAffiliateSettings, saveAffiliateSetting } from "./affiliates.ts";
export { bannerAds } from "./banner-ads.ts";
export { emailCampaigns, previewEmailCampaign } from "./email-campaigns.ts";
export { readMarketingAnalytics, readMarketingStats } from "./marketing-figures.ts";
export type { NotFoundReason } from "./marketing-refusals.ts";
export { readMarketingSettings, saveMarketingSettings } from "./marketing-settings.ts";
export { popupCampaigns } from "./popup-campaigns.ts";
export { PREVIEW_TYPES, previewCampaign, type PreviewType } from "./preview.ts";
export { pushNotifications } from "./push-notifications.ts";
export { audienceSize, CAMPAIGN_WORKER, type SendKind, startSend } from "./sends.ts";
export * from "./contract.ts";
