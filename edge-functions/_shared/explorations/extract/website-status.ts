// What state the website is in, told from how the crawl went and what the home page shows: live, down (no answer,
// no address in DNS, server errors), parked (a parking service's page or a domain-for-sale page), inactive (an empty
// page, or the default page of a web server or hosting panel that nobody replaced), error (nothing readable came
// back). The statusMessage says why, in words a visitor understands.
import type { WebsiteStatus } from "../contract.ts";
import type { CrawlOutcome } from "../crawl/index.ts";
import type { ReadPage } from "./read-page.ts";
import { DOMAIN_PARKING, type DetectedTechnology } from "./technologies.ts";

export interface StatusInput {
  outcome: CrawlOutcome;
  /** Every page the crawler returned, readable or not (status codes). */
  statuses: readonly number[];
  /** The pages that could be read (2xx HTML), home first. */
  pages: readonly ReadPage[];
  technologies: readonly DetectedTechnology[];
  partial: boolean;
}

export interface StatusVerdict {
  websiteStatus: WebsiteStatus;
  statusMessage: string;
}

/** Hosts of domain parking and domain marketplace services, seen in a parked page's scripts, frames and links. */
const PARKING_HOSTS: readonly [RegExp, string][] = [
  [/(?:^|\.)sedoparking\.com$|(?:^|\.)sedo\.com$/, "Sedo"],
  [/(?:^|\.)bodis\.com$/, "Bodis"],
  [/(?:^|\.)parkingcrew\.(?:net|com)$/, "ParkingCrew"],
  [/(?:^|\.)dan\.com$/, "Dan.com"],
  [/(?:^|\.)afternic\.com$/, "Afternic"],
  [/(?:^|\.)hugedomains\.com$/, "HugeDomains"],
  [/(?:^|\.)above\.com$/, "Above.com"],
  [/(?:^|\.)undeveloped\.com$/, "Undeveloped"],
];
/** GoDaddy's parked page is served from its own CDN under this path. */
const GODADDY_PARKING = /img\d*\.wsimg\.com\/parking-lander|parkingcrew\.net|\/\/[^/"']*sedoparking\.com/i;

const FOR_SALE = [
  /\bthis domain(?: name)? (?:is|may be) for sale\b/i,
  /\bthe domain(?: name)? [\w.-]+ (?:is|may be) for sale\b/i,
  /\bbuy this domain\b/i,
  /\bdomain (?:is )?parked\b/i,
  /\bparked free\b/i,
  /\bmake an offer on this domain\b/i,
];

/** Default pages of web servers and hosting panels: [pattern on title or heading, what it is]. */
const DEFAULT_PAGES: readonly [RegExp, string][] = [
  [/^welcome to nginx!?$/i, "nginx's default page"],
  [/^it works!?$/i, "Apache's default page (\"It works!\")"],
  [/^apache2 (?:ubuntu|debian) default page/i, "Apache's default page"],
  [/^(?:test page for the apache http server|apache http server test page)/i, "Apache's test page"],
  [/^iis(?:\d+| windows server)?$|internet information services/i, "IIS's default page"],
  [/^default web site page$|^cpanel\b|there is no website configured at this address/i, "cPanel's default page"],
  [/^domain default page$|^web server's default page$/i, "Plesk's default page"],
  [/^welcome to openlitespeed|^litespeed web server/i, "LiteSpeed's default page"],
  [/^caddy works!?$/i, "Caddy's default page"],
  [/^index of \/$/i, "an empty directory listing"],
  [/^future home of something quite cool/i, "a hosting provider's placeholder"],
  [/^(?:coming soon|under construction|website coming soon|site under construction)[.!]*$/i, "a \"coming soon\" page"],
];

/** A page with less visible text than this and no script has nothing on it. */
const EMPTY_TEXT = 20;
/** Default and parking pages are short: a long page that mentions "It works!" is a site. */
const SHORT_PAGE_TEXT = 1_500;

export function websiteStatus(input: StatusInput): StatusVerdict {
  const { outcome, statuses, pages } = input;
  switch (outcome) {
    case "dns_failure":
      return down("The domain has no web address in DNS, so there is no website to read.");
    case "unreachable":
      return down("No website answered at this domain: the connection was refused or timed out.");
    case "server_error": {
      const code = statuses.find((status) => status >= 500);
      return down(`The website answered with server errors${code === undefined ? "" : ` (HTTP ${code})`}.`);
    }
    case "refused_private":
      return { websiteStatus: "error", statusMessage: "This domain cannot be explored: it points into a private network." };
  }
  const home = pages.find((page) => page.isHome) ?? pages[0];
  if (home === undefined) {
    const code = statuses[0];
    if (code !== undefined && code >= 500) return down(`The website answered with server errors (HTTP ${code}).`);
    if (code === 401 || code === 403 || code === 429) {
      return live(`The website answered but refused our visit (HTTP ${code}); it may block automated visitors.`);
    }
    return {
      websiteStatus: "error",
      statusMessage: code === undefined
        ? "The website sent nothing we could read."
        : `The website answered with HTTP ${code} and no page we could read.`,
    };
  }
  const parking = parkingEvidence(home, input.technologies);
  if (parking !== null) return { websiteStatus: "parked", statusMessage: parking };
  const placeholder = defaultPage(home);
  if (placeholder !== null) return { websiteStatus: "inactive", statusMessage: placeholder };
  const read = pages.length === 1 ? "1 page was read" : `${pages.length} pages were read`;
  return live(
    input.partial
      ? `The website is up; ${read} before the time limit ran out, so some pages were not read.`
      : `The website is up and ${read}.`,
  );
}

function down(statusMessage: string): StatusVerdict {
  return { websiteStatus: "down", statusMessage };
}

function live(statusMessage: string): StatusVerdict {
  return { websiteStatus: "live", statusMessage };
}

function hostOf(url: string): string | null {
  return URL.parse(url)?.hostname.toLowerCase() ?? null;
}

function parkingEvidence(home: ReadPage, technologies: readonly DetectedTechnology[]): string | null {
  const parkingTechnology = technologies.find((technology) => technology.categories.includes(DOMAIN_PARKING));
  if (parkingTechnology !== undefined) {
    return `The domain is parked: its home page is a placeholder from ${parkingTechnology.name}.`;
  }
  const text = home.parsed.text.text;
  if (text.length > SHORT_PAGE_TEXT * 2) return null;
  const referenced = [...home.links, ...home.scriptSources, ...frameSources(home)];
  for (const url of referenced) {
    const host = hostOf(url);
    const service = host === null ? undefined : PARKING_HOSTS.find(([pattern]) => pattern.test(host))?.[1];
    if (service !== undefined && (FOR_SALE.some((pattern) => pattern.test(text)) || referenced.length <= 5)) {
      return `The domain is parked with ${service}: its home page offers the domain for sale or shows ads.`;
    }
  }
  if (GODADDY_PARKING.test(home.html)) {
    return "The domain is parked: its home page is a domain registrar's parking page.";
  }
  if (FOR_SALE.some((pattern) => pattern.test(text) || pattern.test(home.title))) {
    return "The domain is parked: its home page says the domain is for sale.";
  }
  return null;
}

/** Where a parking page sends its content from: frames and a meta refresh. */
function frameSources(page: ReadPage): string[] {
  const sources: string[] = [];
  for (const element of page.parsed.elements) {
    const source = element.name === "iframe" || element.name === "frame" ? element.attribs.src : undefined;
    const url = source === undefined ? null : URL.parse(source, page.url);
    if (url !== null) sources.push(url.href);
  }
  for (const value of page.meta.get("refresh") ?? []) {
    const url = /url\s*=\s*['"]?([^'"\s]+)/i.exec(value)?.[1];
    if (url !== undefined) sources.push(url);
  }
  return sources;
}

function defaultPage(home: ReadPage): string | null {
  const text = home.parsed.text.text.trim();
  if (text.length < EMPTY_TEXT && home.scriptCount === 0) {
    return "The website's home page is empty: the domain has a server but no site yet.";
  }
  if (text.length > SHORT_PAGE_TEXT) return null;
  const firstLines = [home.title, ...text.split("\n").slice(0, 3)].map((line) => line.trim()).filter(Boolean);
  for (const [pattern, what] of DEFAULT_PAGES) {
    if (firstLines.some((line) => pattern.test(line))) {
      return `The website shows ${what} instead of a site: nothing has been published yet.`;
    }
  }
  return null;
}
