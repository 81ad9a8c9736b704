// Explorations are kept: a domain's latest exploration in public.scraped_domains with its addresses in
// public.discovered_emails, reused for 24 hours unless the caller asks for a fresh crawl (fullDataCollection). Written
// past RLS (privileged.ts): a website's contacts are nobody's own, and anonymous visitors have no user to write as.
//
// Only explorations that reached the website are kept. A site that was down, or an exploration that failed, is
// explored again on the next request rather than answered "down" for a day; a scraping-off request (validation_only)
// fetches no website, so it neither reads nor writes the cache.
import { domainToUnicode } from "node:url";
import {
  type DetectedTechnologies,
  detectedTechnologiesSchema,
  type DomainInfo,
  domainInfoSchema,
  type ScrapeDomainRequest,
  type ScrapeResult,
  type WebsiteStatus,
} from "./contract.ts";
import {
  type KeptExploration,
  readKeptExploration,
  sessionValidatedAtDomain,
  writeKeptExploration,
} from "./privileged.ts";
import type { DomainExplorer } from "./explore-domain.ts";
import { failingOnOurSide } from "./our-failures.ts";

/** A kept exploration is answered again for this long. */
export const REUSE_SECONDS = 24 * 60 * 60;

const KEPT_STATUSES: ReadonlySet<WebsiteStatus> = new Set(["live", "parked", "inactive"]);

export interface ExplorationStore {
  /** The domain's exploration if it is younger than REUSE_SECONDS; null when there is none, or it can't be read. */
  recent(domain: string): Promise<ScrapeResult | null>;
  /** Keeps a fresh exploration in place of the domain's last; answers it as stored (with the rows' ids). */
  keep(result: ScrapeResult): Promise<ScrapeResult>;
}

/** What the caller asked, after the contract's parsing. */
export type ExplorationRequest = Required<Pick<ScrapeDomainRequest, "enableScraping" | "fullDataCollection">> & {
  domain: string;
};

/** The answer: a kept exploration younger than a day, else a fresh one (kept if it reached the site). */
export async function exploreKeepingResults(
  request: ExplorationRequest,
  dependencies: { explorer: DomainExplorer; store: ExplorationStore },
): Promise<ScrapeResult> {
  const { explorer, store } = dependencies;
  return await failingOnOurSide(request.domain, async () => {
    if (!request.enableScraping) return await explorer.explore(request.domain, { enableScraping: false });
    if (!request.fullDataCollection) {
      const recent = await store.recent(request.domain);
      if (recent) return recent;
    }
    const fresh = await explorer.explore(request.domain, { enableScraping: true });
    return KEPT_STATUSES.has(fresh.domainInfo.websiteStatus) ? await store.keep(fresh) : fresh;
  });
}

/** The store on public.scraped_domains and public.discovered_emails. */
export const databaseExplorationStore: ExplorationStore = {
  async recent(domain) {
    const kept = await readKeptExploration(domain, REUSE_SECONDS);
    return kept ? fromKept(kept) : null;
  },
  async keep(result) {
    const kept = toKept(result);
    const stored = fromKept(await writeKeptExploration(kept.exploration, kept.emails));
    if (!stored) throw new Error(`The exploration of ${result.domain} was stored in a shape it can't be read back in`);
    return stored;
  },
};

export function toKept(result: ScrapeResult): { exploration: KeptExploration["exploration"]; emails: KeptEmail[] } {
  return {
    exploration: {
      domain: result.domain,
      domain_info: result.domainInfo,
      detected_technologies: result.detectedTechnologies,
      partial: result.partial,
      pages_visited: result.pagesVisited,
      scraped_at: new Date(result.scrapedAt),
    },
    emails: result.emails.map((email) => ({
      email: email.email,
      name: email.name,
      position: email.position,
      phone: email.phone,
      found_on: email.foundOn,
      external: email.external,
    })),
  };
}

type KeptEmail = Omit<KeptExploration["emails"][number], "id">;

/**
 * The answer a kept exploration gives; null when its JSON no longer fits the contract (kept by an older release), so
 * the domain is explored afresh instead of answering something the panel can't show.
 */
export function fromKept({ exploration, emails }: KeptExploration): ScrapeResult | null {
  const domainInfo = domainInfoSchema.safeParse(exploration.domain_info);
  const detectedTechnologies = detectedTechnologiesSchema.safeParse(exploration.detected_technologies);
  if (!domainInfo.success || !detectedTechnologies.success) return null;
  return {
    domain: exploration.domain,
    emails: emails.map((email) => ({
      id: email.id,
      email: email.email,
      phone: email.phone,
      position: email.position,
      name: email.name,
      foundOn: email.found_on,
      external: email.external,
    })),
    domainInfo: domainInfo.data satisfies DomainInfo,
    detectedTechnologies: detectedTechnologies.data satisfies DetectedTechnologies,
    partial: exploration.partial,
    pagesVisited: exploration.pages_visited,
    scrapedAt: exploration.scraped_at.toISOString(),
  };
}

/**
 * An anonymous visitor's exploration within this long of their own validation of an address at the domain is the
 * home page's "Validate & Explore Domain" (a valid validation starts exploration of its domain), counted
 * once, with the validation.
 */
export const FOLLOW_UP_SECONDS = 10 * 60;

/** Whether the session validated an address at `domain` in the last FOLLOW_UP_SECONDS. */
export async function explorationFollowsValidation(sessionId: string, domain: string): Promise<boolean> {
  // Explored domains are A-labels (xn--bcher-kva.test); validation_logs keeps the Unicode form (bücher.test).
  return await sessionValidatedAtDomain(sessionId, domainToUnicode(domain) || domain, FOLLOW_UP_SECONDS);
}
