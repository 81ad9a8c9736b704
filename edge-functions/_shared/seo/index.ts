// What other folders may import from SEO: the landing pages' generation (bulk, one page again, the tick's refresh),
// the privacy rule, and the one slug spelling.
export { generateBatch, regeneratePage, refreshStalePages } from "./generate.ts";
export { canonicalDomain, canonicalSlug } from "./slug.ts";
