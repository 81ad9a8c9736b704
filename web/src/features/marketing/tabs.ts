// The marketing dashboard's tabs, in the order they are shown.
export const MARKETING_TABS = ["overview", "campaigns", "affiliates", "analytics", "settings"] as const;
export type MarketingTab = (typeof MARKETING_TABS)[number];

export const MARKETING_TAB_LABELS: Record<MarketingTab, string> = {
  overview: "Overview",
  campaigns: "Campaigns",
  affiliates: "Affiliates",
  analytics: "Analytics",
  settings: "Settings",
};

/** The CRM affiliate screen's tabs. */
export const CRM_AFFILIATE_TABS = ["overview", "settings", "analytics"] as const;
export type CrmAffiliateTab = (typeof CRM_AFFILIATE_TABS)[number];
