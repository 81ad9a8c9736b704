// SEO's answers as the API gives them, for the landing screen's and the SEO dashboard's tests.
import type { AdminRemovalRequest, AdminSeoPage, KeywordTarget, SeoPage } from "@contracts/seo";

export const PAGE_ID = "3b8f5c1e-7a2d-4e90-9c41-5d6e7f8a9b01";

/** The MX checker's page for acme-corp.test, with a table in its content and its structured data. */
export function seoPage(extra: Partial<SeoPage> = {}): SeoPage {
  return {
    id: PAGE_ID,
    pageType: "mx_checker",
    slug: "acme-corp.test",
    targetEntity: "acme-corp.test",
    title: "MX records of acme-corp.test: mail servers and provider",
    metaDescription: "acme-corp.test receives mail through 2 MX hosts run by Google Workspace.",
    h1: "MX checker: acme-corp.test",
    content: "<h2>Mail servers</h2><table><tr><th>Priority</th><th>Host</th></tr><tr><td>1</td><td>aspmx.l.google.test</td></tr></table>",
    schemaMarkup: { "@context": "https://schema.org", "@type": "WebPage", name: "MX records of acme-corp.test </script>" },
    canonicalUrl: "https://mailscout.test/tools/mx-checker/acme-corp.test",
    lastUpdated: "2026-11-20T08:00:00.000Z",
    ...extra,
  };
}

export function adminSeoPage(extra: Partial<AdminSeoPage> = {}): AdminSeoPage {
  const page = seoPage();
  return {
    id: page.id,
    pageType: page.pageType,
    slug: page.slug,
    path: "/tools/mx-checker/acme-corp.test",
    targetKeyword: "acme-corp.test mx records",
    targetEntity: page.targetEntity,
    title: page.title,
    metaDescription: page.metaDescription,
    h1: page.h1,
    isIndexable: true,
    priority: 0.5,
    changeFreq: "monthly",
    views: 1_200,
    conversions: 30,
    conversionRate: 2.5,
    keywordTargetId: "9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d",
    templateId: null,
    lastUpdated: page.lastUpdated,
    createdAt: "2026-11-20T08:00:00.000Z",
    removedAt: null,
    ...extra,
  };
}

export function keywordTarget(extra: Partial<KeywordTarget> = {}): KeywordTarget {
  return {
    id: "9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d",
    keyword: "acme-corp.test mx records",
    pageType: "mx_checker",
    searchVolume: 1_500,
    difficulty: 50,
    cpc: "0.00",
    intent: "informational",
    priority: 5,
    isGenerated: false,
    skipReason: null,
    pageId: null,
    createdAt: "2026-11-20T08:00:00.000Z",
    ...extra,
  };
}

export function removalRequest(extra: Partial<AdminRemovalRequest> = {}): AdminRemovalRequest {
  return {
    id: "7c6d5e4f-3a2b-4c1d-9e8f-7a6b5c4d3e2f",
    url: "/validate/j***-3f9a@acme-corp.test",
    pageId: PAGE_ID,
    email: "jane@elsewhere.test",
    reason: "This is about me.",
    status: "pending_review",
    createdAt: "2026-11-25T10:00:00.000Z",
    decidedAt: null,
    ...extra,
  };
}
