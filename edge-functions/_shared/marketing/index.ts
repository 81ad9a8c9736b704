// Marketing: the admin's campaigns and managers, the CRM affiliate ads, the switches and figures, the sends of pushes
// and emails, and what reaches visitors. Other folders reach marketing through this file only (the contract is the
// SPA's too, as @contracts/marketing).
export * from "./contract.ts";
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
export { audienceSize, type SendKind, startSend } from "./sends.ts";
export { type DeliveryQuery, deliverCampaigns } from "./delivery.ts";
export { followCampaignClick, recordSignUpConversion, reportCampaignEvent } from "./campaign-events.ts";
export {
  acknowledgeDelivery,
  markAllNotificationsRead,
  markNotificationRead,
  notificationPage,
} from "./notifications.ts";
export {
  emailSubscription,
  pushConfig,
  setEmailSubscription,
  subscribeToPush,
  unsubscribeFromPush,
} from "./push-subscriptions.ts";
export {
  followEmailLink,
  PIXEL_GIF,
  recordEmailOpen,
  UNSUBSCRIBED_MESSAGE,
  unsubscribeByToken,
  unsubscribeLinkState,
} from "./email-tracking.ts";
export { campaignMessage, prepareCampaign } from "./email-message.ts";
export { CAMPAIGN_WORKER, runCampaignWorker } from "./campaign-worker.ts";
export { truncatedNetwork, type Visitor } from "./visitor.ts";
export { absoluteLink, siteUrl } from "./site.ts";
