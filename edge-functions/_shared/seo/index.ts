// SEO: landing pages for search engines, their generation, visits and removals. Other folders reach it through this
// file only (the contract is the SPA's too, as @contracts/seo).
export * from "./contract.ts";
export { canonicalDomain, canonicalSlug } from "./slug.ts";
// Generation: bulk, one page again, the tick's refresh and its worker.
export { generateBatch, regeneratePage, refreshStalePages, runRefreshWorker, SEO_REFRESH_WORKER } from "./generate.ts";
export { escapeHtml } from "./html.ts";
// The pages crawlers read: the store, the not-found texts and the seo-pages function's handler.
export { findPage, type FoundPage, type PublishedSeoPage, sitemapCount, type SitemapEntry, sitemapPage } from "./pages-store.ts";
export { seoPagesHandler } from "./seo-pages.ts";
// The public endpoints: views, conversions and removal requests.
export { type PageVisitor, recordSeoConversion, viewSeoPage, visitDay, visitorHash } from "./visits.ts";
export { confirmSeoRemoval, REMOVAL_ANSWERS, requestSeoRemoval } from "./removals.ts";
// The admin dashboard: figures, pages, keyword targets and removal decisions.
export { deletePage, listAdminPages, regenerateAdminPage, seoStats, setPageIndexable } from "./admin-pages.ts";
export { createKeywordTarget, listKeywordTargets } from "./admin-keywords.ts";
export { decideRemovalRequest, listRemovalRequests } from "./admin-removals.ts";
