// What other folders may import from SEO: the landing pages' generation (bulk, one page again, the tick's refresh and
// its worker), and the one slug spelling.
export { generateBatch, regeneratePage, refreshStalePages, runRefreshWorker, SEO_REFRESH_WORKER } from "./generate.ts";
export { escapeHtml } from "./html.ts";
export { canonicalDomain, canonicalSlug } from "./slug.ts";
// The admin dashboard: figures, pages, keyword targets and removal decisions.
export { deletePage, listAdminPages, regenerateAdminPage, seoStats, setPageIndexable } from "./admin-pages.ts";
export { createKeywordTarget, listKeywordTargets } from "./admin-keywords.ts";
export { decideRemovalRequest, listRemovalRequests } from "./admin-removals.ts";
export * from "./contract.ts";
