// Explorations: a domain's website crawled for contacts and company facts, its registration looked up, and the result
// kept for a day. Other folders reach explorations through this file only.
export {
  INVALID_DOMAIN_MESSAGE,
  normaliseDomainInput,
  scrapeDomainRequestSchema,
  type ScrapeResult,
  scrapeResultSchema,
} from "./contract.ts";
export { createDomainExplorer, type DomainExplorer } from "./explore-domain.ts";
export { databaseExplorationStore, explorationFollowsValidation, exploreKeepingResults } from "./kept-explorations.ts";
export { createSafeFetcher, EgressError } from "./net/index.ts";
export { failingOnOurSide } from "./our-failures.ts";
export { refresherOf, takeFreshCrawl } from "./refresh-limit.ts";
