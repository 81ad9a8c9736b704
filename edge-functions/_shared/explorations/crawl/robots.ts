// robots.txt (RFC 9309) for our user agent, through robots-parser. The rules are asked by path, since they were
// fetched from the site's host and apply to its www/apex twin as well (the fetcher follows a redirect between them).
// What an answer means, per RFC 9309 §2.3.1: a 4xx (or a redirect we did not follow) is no robots.txt, so everything
// is allowed; a 5xx means the site is failing and nothing may be crawled.
import robotsParserModule from "robots-parser";
import type { SafeResponse } from "../net/index.ts";

export const ROBOTS_USER_AGENT = "MailScoutBot";

export interface RobotsRules {
  allows(pathAndQuery: string): boolean;
  /** Sitemap URLs it names, as written. */
  sitemaps: string[];
}

const BASE = "http://robots.invalid";

interface ParsedRobots {
  isAllowed(url: string, userAgent?: string): boolean | undefined;
  getSitemaps(): string[];
}

// robots-parser is CommonJS whose module.exports is the parse function; its index.d.ts opens with a shorthand
// `declare module` that makes TypeScript see a namespace instead, so the default import is given its real type here.
const robotsParser = robotsParserModule as unknown as (url: string, contents: string) => ParsedRobots;

export const EVERYTHING_ALLOWED: RobotsRules = { allows: () => true, sitemaps: [] };

/** The rules of a robots.txt answer; null when the answer is a 5xx (crawl nothing). */
export function robotsRules(response: SafeResponse): RobotsRules | null {
  if (response.status >= 500) return null;
  if (response.status < 200 || response.status >= 300) return EVERYTHING_ALLOWED;
  const robots = robotsParser(`${BASE}/robots.txt`, response.text);
  return {
    // robots-parser answers undefined for a URL of another origin; ours is always BASE's.
    allows: (pathAndQuery) => robots.isAllowed(`${BASE}${pathAndQuery}`, ROBOTS_USER_AGENT) !== false,
    sitemaps: robots.getSitemaps(),
  };
}
