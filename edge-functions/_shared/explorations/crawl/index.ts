// The explorer's crawler: which pages of a domain are read, within robots.txt and the page and time budgets.
export {
  type CrawledPage,
  type CrawlOptions,
  type CrawlOutcome,
  type CrawlResult,
  crawlSite,
  DEFAULT_CONCURRENCY,
  DEFAULT_PAGE_BUDGET,
  DEFAULT_TIME_BUDGET_MS,
} from "./crawl-site.ts";
export { ROBOTS_USER_AGENT } from "./robots.ts";
