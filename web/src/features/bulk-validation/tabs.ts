// The screen's three tabs, named as the address bar carries them: /bulk-validation?tab=sessions.
export const BULK_TABS = ["upload", "sessions", "faq"] as const;
export type BulkTab = (typeof BULK_TABS)[number];

export const BULK_TAB_LABELS: Record<BulkTab, string> = {
  upload: "Upload & Validate",
  sessions: "My Sessions",
  faq: "FAQ & Help",
};
