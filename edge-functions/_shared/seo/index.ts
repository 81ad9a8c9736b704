// SEO: landing pages for search engines, their generation, visits and removals. Other folders reach it through this
// file only (the contract is the SPA's too, as @contracts/seo).
export * from "./contract.ts";
export { canonicalDomain, canonicalSlug } from "./slug.ts";
export { findPage, type FoundPage, type PublishedSeoPage, sitemapCount, type SitemapEntry, sitemapPage } from "./pages-store.ts";
export { NOT_FOUND_TEXT, NOT_FOUND_TITLE } from "./render-document.ts";
export { seoPagesHandler } from "./seo-pages.ts";
export { type PageVisitor, recordSeoConversion, viewSeoPage, visitDay, visitorHash } from "./visits.ts";
export { confirmSeoRemoval, REMOVAL_ANSWERS, requestSeoRemoval } from "./removals.ts";
