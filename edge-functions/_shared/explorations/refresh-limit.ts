// A fresh crawl (fullDataCollection) skips the kept exploration and reaches the site again, so each caller may ask
// for one domain only a few times a day (admin_settings rate_limit_domain_refreshes_per_day): otherwise one anonymous
// validation would unlock unlimited crawls of its domain.
import { DomainError } from "../errors.ts";
import { takeDomainRefresh } from "../rate-limits/index.ts";

/** Who asks for a fresh crawl: the user, else the anonymous session, else the client's address. */
export function refresherOf(caller: { userId: string | null; sessionId: string | null; clientIp: string | null }) {
  if (caller.userId) return `user:${caller.userId}`;
  if (caller.sessionId) return `session:${caller.sessionId}`;
  return caller.clientIp ? `network:${caller.clientIp}` : null;
}

/** Counts a fresh crawl of `domain`; throws DomainError "rate_limited" past the day's limit. */
export async function takeFreshCrawl(refresher: string, domain: string): Promise<void> {
  const decision = await takeDomainRefresh(refresher, domain);
  if (!decision.allowed) {
    const what = `Too many fresh explorations of ${domain}: at most ${decision.limit} a day.`;
    throw new DomainError("rate_limited", { decision, what });
  }
}
