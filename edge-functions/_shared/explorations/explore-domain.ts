// One domain's exploration, start to finish: the site crawled (crawl/), what its pages say extracted (extract/) and the
// domain's registration looked up (rdap.ts), side by side and within the crawl's time budget, answered as the
// contract's ScrapeResult. Plain functions over a SafeFetcher: no HTTP framework, no storage (kept-explorations.ts keeps
// and reuses results).
import { DomainError } from "../errors.ts";
import { type ScrapeResult, scrapeResultSchema } from "./contract.ts";
import { type CrawlResult, crawlSite, DEFAULT_TIME_BUDGET_MS } from "./crawl/index.ts";
import { extractFromPages } from "./extract/index.ts";
import type { SafeFetcher } from "./net/index.ts";
import { createRdapClient, type RdapClient, type Registration } from "./rdap.ts";

export interface ExploreOptions {
  /** Off: no website is fetched; the answer holds the registration facts and websiteStatus validation_only. */
  enableScraping: boolean;
}

export interface DomainExplorer {
  /**
   * Throws DomainError "exploration_refused" for a domain in private space (or redirecting there), and whatever the
   * egress throws when it fails itself (the proxy unreachable); a site that is down is an answer (websiteStatus down),
   * not an error.
   */
  explore(domain: string, options: ExploreOptions): Promise<ScrapeResult>;
}

export interface DomainExplorerSettings {
  fetcher: SafeFetcher;
  /** RDAP through the same fetcher unless given. */
  rdap?: RdapClient;
  /** The crawl's (and RDAP's) time budget; the crawler's default unless given. */
  timeBudgetMs?: number;
  now?: () => Date;
}

export const VALIDATION_ONLY_MESSAGE =
  "Website scraping was turned off, so only the domain's registration details were looked up.";

export function createDomainExplorer(settings: DomainExplorerSettings): DomainExplorer {
  const rdap = settings.rdap ?? createRdapClient({ fetcher: settings.fetcher });
  const now = settings.now ?? (() => new Date());
  const timeBudgetMs = settings.timeBudgetMs ?? DEFAULT_TIME_BUDGET_MS;

  return {
    async explore(domain, { enableScraping }) {
      // RDAP gets the crawl's time budget too, so the answer never waits longer than the crawl may take.
      const lookupTime = AbortSignal.timeout(timeBudgetMs);
      if (!enableScraping) return validationOnly(domain, await rdap.registrationOf(domain, lookupTime), now());

      const unwanted = new AbortController();
      const registration = rdap.registrationOf(domain, AbortSignal.any([lookupTime, unwanted.signal]));
      let crawl: CrawlResult;
      try {
        crawl = await crawlSite(domain, { fetcher: settings.fetcher, timeBudgetMs });
      } catch (error) {
        unwanted.abort();
        throw error;
      }
      if (crawl.outcome === "refused_private") {
        unwanted.abort();
        throw new DomainError("exploration_refused", { domain });
      }
      const extracted = extractFromPages(domain, crawl);
      return scrapeResultSchema.parse({
        ...extracted,
        domainInfo: { ...extracted.domainInfo, ...await registration },
        scrapedAt: now().toISOString(),
      });
    },
  };
}

function validationOnly(domain: string, registration: Registration, at: Date): ScrapeResult {
  return {
    domain,
    emails: [],
    domainInfo: {
      domain,
      ...registration,
      websiteStatus: "validation_only",
      statusMessage: VALIDATION_ONLY_MESSAGE,
      companyDescription: null,
      technologies: [],
      address: null,
      phone: null,
      socialMedia: [],
      emailPattern: null,
    },
    detectedTechnologies: {
      hasJavaScriptRendering: false,
      hasWebsiteBuilder: false,
      recommendations: [],
      explorationTips: [],
    },
    partial: false,
    pagesVisited: [],
    scrapedAt: at.toISOString(),
  };
}
