// How the SEO dashboard words its values: page types, skip reasons and removal statuses in plain words, rates with
// one decimal.
import type { RemovalStatus, SeoPageType, SkipReason } from "@contracts/seo";

export const SEO_TABS = ["pages", "keywords", "bulk", "removals"] as const;
export type SeoTab = (typeof SEO_TABS)[number];

export const SEO_TAB_LABELS: Record<SeoTab, string> = {
  pages: "Landing Pages",
  keywords: "Keyword Targets",
  bulk: "Bulk Generation",
  removals: "Removals",
};

export const PAGE_TYPE_LABELS: Record<SeoPageType, string> = {
  email_validate: "Email validation",
  mx_checker: "MX checker",
  domain_verify: "Domain verification",
};

/** Where each page type's pages appear, as the spec shows them. */
export const SAMPLE_PATHS: Record<SeoPageType, string> = {
  email_validate: "/validate/{email}",
  mx_checker: "/tools/mx-checker/{domain}",
  domain_verify: "/verify/{domain}",
};

export const SKIP_REASON_LABELS: Record<SkipReason, string> = {
  no_entity: "No address or domain in the keyword",
  free_mail_domain: "Free-mail domain: the address likely belongs to a private person",
  disposable_domain: "Disposable-mail domain",
  mail_less_domain: "The domain receives no mail",
  suppressed: "Removed on request",
  no_template: "No active template for this page type",
};

export const REMOVAL_STATUS_LABELS: Record<RemovalStatus, string> = {
  awaiting_confirmation: "Awaiting confirmation",
  pending_review: "Pending review",
  removed: "Removed",
  rejected: "Rejected",
};

/** "12.5%": a conversion rate as the dashboard shows it, one decimal. */
export function formatPercent(percent: number): string {
  return `${percent.toFixed(1)}%`;
}
