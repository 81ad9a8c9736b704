// What other folders may use of SEO: the public endpoints' views, conversions and removal requests.
export { type PageVisitor, recordSeoConversion, viewSeoPage, visitDay, visitorHash } from "./visits.ts";
export { confirmSeoRemoval, REMOVAL_ANSWERS, requestSeoRemoval } from "./removals.ts";
