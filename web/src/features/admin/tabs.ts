// The dashboard's tabs, in the order they are shown. Duplicates and API management open screens of their own in a new
// window (links beside the tabs, once each screen exists), so they are not tabs here.
export const ADMIN_TABS = [
  "overview",
  "users",
  "finances",
  "credits",
  "security",
  "support",
  "database",
  "payments",
  "domain",
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export const ADMIN_TAB_LABELS: Record<AdminTab, string> = {
  overview: "Overview",
  users: "Users",
  finances: "Finances",
  credits: "Credits",
  security: "Security",
  support: "Support",
  database: "Database",
  payments: "Payments",
  domain: "Domains",
};
