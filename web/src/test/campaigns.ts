// Delivered items as the server sends them, for the tests of the campaign slots.
import type { DeliveredAffiliateAd, DeliveredBanner, DeliveredMessage, DeliveredPopup, DeliveryAnswer } from "@contracts/marketing";
import { EMPTY_DELIVERY } from "@contracts/marketing";

export const BANNER_ID = "7d3f1c2a-5b6e-4f70-8a91-b2c3d4e5f601";
export const POPUP_ID = "7d3f1c2a-5b6e-4f70-8a91-b2c3d4e5f602";
export const MESSAGE_ID = "7d3f1c2a-5b6e-4f70-8a91-b2c3d4e5f603";
export const AFFILIATE_ID = "7d3f1c2a-5b6e-4f70-8a91-b2c3d4e5f604";

const base = { imageUrl: null, actionText: "See offer", priority: 5, content: "Half price this week" };

export function banner(overrides: Partial<DeliveredBanner> = {}): DeliveredBanner {
  return {
    ...base,
    campaignType: "banner",
    campaignId: BANNER_ID,
    title: "Summer sale",
    clickUrl: `/api/campaign-delivery/click/banner/${BANNER_ID}`,
    placement: "header",
    ...overrides,
  };
}

export function popup(overrides: Partial<DeliveredPopup> = {}): DeliveredPopup {
  return {
    ...base,
    campaignType: "popup",
    campaignId: POPUP_ID,
    title: "Join the newsletter",
    content: "News once a month",
    clickUrl: null,
    trigger: { type: "time_delay", value: 0 },
    frequency: "once_per_session",
    backgroundColor: "#112233",
    textColor: "#fafafa",
    ...overrides,
  };
}

export function message(overrides: Partial<DeliveredMessage> = {}): DeliveredMessage {
  return { ...base, campaignType: "in_app_message", campaignId: MESSAGE_ID, title: "New: CSV export", clickUrl: null, ...overrides };
}

export function affiliateAd(overrides: Partial<DeliveredAffiliateAd> = {}): DeliveredAffiliateAd {
  return {
    ...base,
    campaignType: "affiliate_ad",
    campaignId: AFFILIATE_ID,
    title: "Try Zoho CRM",
    content: "Keep your validated contacts in a CRM",
    actionText: "Sign Up",
    clickUrl: `/api/campaign-delivery/click/affiliate_ad/${AFFILIATE_ID}`,
    crmType: "zoho",
    ...overrides,
  };
}

export function delivery(overrides: Partial<DeliveryAnswer> = {}): DeliveryAnswer {
  return { ...EMPTY_DELIVERY, ...overrides };
}
