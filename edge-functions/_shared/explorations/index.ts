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
export {
  checkAddress,
  createDirectTransport,
  createProxyTransport,
  createSafeFetcher,
  EgressError,
  type HttpTransport,
  resolveHost,
} from "./net/index.ts";
// Webhook deliveries leave through the same guarded network, resolving with the same DNS setting.
export { dnsClientFromSetting } from "./net/dns-setting.ts";
export { failingOnOurSide } from "./our-failures.ts";
export { refresherOf, takeFreshCrawl } from "./refresh-limit.ts";
