// The dashboard's tabs, in the order they are shown. Duplicates and API management open screens of their own and join
// the list when those screens exist.
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
