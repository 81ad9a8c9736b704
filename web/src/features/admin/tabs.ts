// The dashboard's tabs, in the order they are shown. Duplicates opens a screen of its own in a new window (a link beside
// the tabs), so it is not a tab here; API management is a tab, since it also shows the public API's endpoints, and its
// key screen opens in a new window from there.
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
  "api-management",
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
  "api-management": "API management",
};
