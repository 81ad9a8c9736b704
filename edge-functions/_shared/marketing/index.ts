// Marketing: what other folders may import. The contract is the SPA's too (@contracts/marketing).
export * from "./contract.ts";
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
export { CAMPAIGN_WORKER, runCampaignWorker, startCampaignWorker } from "./campaign-worker.ts";
export { truncatedNetwork, type Visitor } from "./visitor.ts";
