// The marketing admin screens, as the routes reach them.
export { BannerAdsPage } from "./components/banner-ads-page";
export { type CrmAffiliatesView, CrmAffiliatesPage } from "./components/crm-affiliates-page";
export { EmailCampaignsPage } from "./components/email-campaigns-page";
export { type MarketingView, MarketingDashboard } from "./components/marketing-dashboard";
export { MARKETING_PREVIEW_PARAM } from "./components/preview-link";
export { PopupCampaignsPage } from "./components/popup-campaigns-page";
export { PushNotificationsPage } from "./components/push-notifications-page";
export { CRM_AFFILIATE_TABS, MARKETING_TABS } from "./tabs";
