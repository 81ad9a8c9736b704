// Marketing's answers as the API gives them, for the admin screens' tests: each builder is a valid item of the
// contract with its figures, changed by what a test names.
import {
  type AffiliateSetting,
  type BannerAd,
  DEFAULT_MARKETING_SETTINGS,
  type EmailCampaign,
  type MarketingAnalytics,
  type MarketingCampaign,
  type MarketingStats,
  type PushNotification,
} from "@contracts/marketing";

const times = { createdAt: "2026-11-20T10:00:00.000Z", updatedAt: "2026-11-21T10:00:00.000Z" };

export const CAMPAIGN_ID = "7d1f4a6e-3b2c-4d5e-8f90-a1b2c3d4e5f6";
export const BANNER_ID = "1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d";
export const PUSH_ID = "2b3c4d5e-6f7a-4b9c-8d1e-2f3a4b5c6d7e";
export const EMAIL_ID = "3c4d5e6f-7a8b-4c0d-9e2f-3a4b5c6d7e8f";
export const JOB_ID = "4d5e6f7a-8b9c-4d1e-af30-4b5c6d7e8f90";
export const ZOHO_ID = "5e6f7a8b-9c0d-4e2f-b041-5c6d7e8f9a01";

export function marketingCampaign(extra: Partial<MarketingCampaign> = {}): MarketingCampaign {
  return {
    id: CAMPAIGN_ID,
    name: "Winter sale",
    type: "banner",
    status: "active",
    title: "Save 25% this winter",
    content: "Every plan, yearly.",
    actionText: "See plans",
    actionUrl: "/pricing",
    imageUrl: null,
    targetAudience: { userTypes: ["all"], validationThreshold: 0, subscriptionTypes: ["free"] },
    displayRules: { maxShowsPerUser: 3, daysBetweenShows: 7, showOnPages: ["/pricing"], showAfterAction: null, priority: 5 },
    scheduling: { startDate: null, endDate: null, timezone: "UTC", activeHours: { start: "00:00", end: "23:59" } },
    pushNotificationId: null,
    emailCampaignId: null,
    impressions: 1_200,
    clicks: 36,
    conversions: 4,
    ctr: 3,
    ...times,
    ...extra,
  };
}

export function bannerAd(extra: Partial<BannerAd> = {}): BannerAd {
  return {
    id: BANNER_ID,
    title: "Black Friday",
    content: "Half off credits",
    imageUrl: null,
    targetUrl: "/pricing",
    placement: "header",
    isActive: true,
    priority: 1,
    startDate: null,
    endDate: null,
    impressionCount: 2_000,
    clickCount: 50,
    ctr: 2.5,
    ...times,
    ...extra,
  };
}

export function pushNotification(extra: Partial<PushNotification> = {}): PushNotification {
  return {
    id: PUSH_ID,
    title: "New: bulk exports",
    message: "Export every result at once.",
    icon: null,
    actionUrl: "/bulk-validation",
    targetAudience: "all",
    isActive: true,
    scheduledFor: null,
    sentAt: null,
    deliveredCount: 0,
    clickCount: 0,
    ctr: 0,
    send: null,
    ...times,
    ...extra,
  };
}

export function emailCampaign(extra: Partial<EmailCampaign> = {}): EmailCampaign {
  return {
    id: EMAIL_ID,
    name: "November newsletter",
    subject: "What's new in November",
    content: "<h1>Hello</h1>",
    templateType: "newsletter",
    targetAudience: "all",
    isActive: true,
    scheduledFor: null,
    sentAt: null,
    sentCount: 0,
    openCount: 0,
    clickCount: 0,
    unsubscribeCount: 0,
    openRate: 0,
    clickRate: 0,
    ctr: 0,
    send: null,
    ...times,
    ...extra,
  };
}

export function affiliateSetting(extra: Partial<AffiliateSetting> = {}): AffiliateSetting {
  return {
    id: ZOHO_ID,
    crmType: "zoho",
    affiliateUrl: "https://zoho.example/partner?ref=mailscout",
    isActive: true,
    adTitle: "Try Zoho CRM free",
    adDescription: "Keep your validated contacts in a CRM.",
    adButtonText: "Sign Up",
    adImageUrl: null,
    displayConditions: { showAfterBulkValidation: true, showAfterValidationCount: 10, maxShowsPerUser: 3, daysBetweenShows: 7 },
    impressionCount: 400,
    clickCount: 27,
    conversionCount: 2,
    ctr: 6.75,
    ...times,
    ...extra,
  };
}

export const marketingStats: MarketingStats = {
  totalCampaigns: 12,
  activeCampaigns: 5,
  totalImpressions: 48_000,
  avgClickRate: 2.75,
  totalClicks: 1_320,
  revenue: 123_456,
  totalConversions: 7,
};

export const marketingAnalytics: MarketingAnalytics = {
  campaigns: [{ campaignType: "banner", id: CAMPAIGN_ID, name: "Winter sale", impressions: 1_200, clicks: 36, conversions: 4, ctr: 3 }],
  audience: { freePercent: 71, paidPercent: 29, newUsers30Days: 18, returningPercent: 64 },
  bySegment: null,
};

export const marketingSettings = DEFAULT_MARKETING_SETTINGS;
