// Crawls one domain for the pages most likely to hold contacts, politely and within budgets:
// 1. robots.txt, over https and, when https can't be reached, over http: the first contact tells which scheme works
//    (and whether the host may be reached at all). A 5xx there means the site is failing: nothing else is asked.
// 2. The home page (unless robots.txt forbids it) and the sitemap (robots.txt's Sitemap lines, else /sitemap.xml),
//    side by side. The home page's final URL (after a redirect to the www twin, say) is the site from then on.
// 3. Links from the home page and the sitemap, scored by contact-ish words (page-choice.ts), visited best first with
//    bounded concurrency; each visited page's links join the queue. The home page counts towards the page budget,
//    and so does every attempt, answered or not, so a failing site costs no more than a working one.
// A total time budget aborts whatever is still running; the answer then holds what was read, marked partial.
// Every request goes through the SafeFetcher, which refuses private space; only the egress proxy being unreachable
// (our failure, not the site's) makes crawlSite throw.
import { z } from "zod";
import { EgressError, type SafeFetcher, type SafeResponse } from "../net/index.ts";
import { linksOf, type PageLink } from "./links.ts";
import { contactScore } from "./page-choice.ts";
import { EVERYTHING_ALLOWED, type RobotsRules, robotsRules } from "./robots.ts";
import { parseSitemap } from "./sitemap.ts";

export const DEFAULT_PAGE_BUDGET = 12;
export const DEFAULT_TIME_BUDGET_MS = 15_000;
export const DEFAULT_CONCURRENCY = 4;
/** Sitemap files read: those robots.txt names, or /sitemap.xml, and the children of a sitemap index. */
const MAX_SITEMAP_FILES = 4;

export interface CrawledPage {
  url: string;
  status: number;
  html: string;
  headers: Record<string, string>;
}

export type CrawlOutcome = "ok" | "unreachable" | "dns_failure" | "server_error" | "refused_private";

export interface CrawlResult {
  /** The home page first (whatever its status), then the visited pages that answered 2xx HTML, best first. */
  pages: CrawledPage[];
  outcome: CrawlOutcome;
  /** The time budget ran out with pages still to read. */
  partial: boolean;
  /** The host that answered the home page, after redirects; null when none did. */
  finalHost: string | null;
  /** Every Set-Cookie value received, once each. */
  cookies: string[];
}

const crawlOptionsSchema = z.object({
  fetcher: z.custom<SafeFetcher>((value) => typeof (value as SafeFetcher | undefined)?.fetch === "function", {
    error: "a SafeFetcher is required",
  }),
  pageBudget: z.number().int().min(1).default(DEFAULT_PAGE_BUDGET),
  timeBudgetMs: z.number().int().positive().default(DEFAULT_TIME_BUDGET_MS),
  concurrency: z.number().int().min(1).default(DEFAULT_CONCURRENCY),
  signal: z.custom<AbortSignal>((value) => value instanceof AbortSignal).optional(),
});

export type CrawlOptions = z.input<typeof crawlOptionsSchema>;

export async function crawlSite(domain: string, options: CrawlOptions): Promise<CrawlResult> {
  const settings = crawlOptionsSchema.parse(options);
  const budget = new AbortController();
  const timer = setTimeout(() => budget.abort(new DOMException("time budget", "TimeoutError")), settings.timeBudgetMs);
  const stop = () => budget.abort(settings.signal?.reason);
  if (settings.signal?.aborted) stop();
  settings.signal?.addEventListener("abort", stop, { once: true });
  const crawl = new Crawl(domain, settings.fetcher, budget.signal);
  try {
    return await crawl.run(settings.pageBudget, settings.concurrency);
  } finally {
    clearTimeout(timer);
    settings.signal?.removeEventListener("abort", stop);
    // Nothing outlives the answer: stragglers of a failed crawl are stopped too.
    budget.abort();
  }
}

class Crawl {
  readonly #cookies = new Set<string>();
  readonly #seen = new Set<string>();
  readonly #queue: { url: URL; score: number; order: number }[] = [];
  #discovered = 0;
  /** Where pages are asked for: the scheme that answered, then the host that answered the home page. */
  #origin: URL;
  #site: Set<string>;
  #finalHost: string | null = null;
  #robots: RobotsRules = EVERYTHING_ALLOWED;

  constructor(readonly domain: string, readonly fetcher: SafeFetcher, readonly signal: AbortSignal) {
    this.#origin = new URL(`https://${domain}/`);
    this.#site = twins(domain);
  }

  async run(pageBudget: number, concurrency: number): Promise<CrawlResult> {
    const contact = await this.#firstContact();
    if ("outcome" in contact) return this.#result([], contact.outcome, contact.partial);
    if (contact.robots === null) return this.#result([], "server_error", false);
    this.#robots = contact.robots;

    const [home, sitemapPages] = await Promise.all([
      this.#robots.allows("/") ? this.#get(this.#origin.href) : null,
      this.#sitemapPages(contact.robotsUrl),
    ]);
    if (home instanceof EgressError) {
      const outcome = home.reason === "refused_private" || home.reason === "dns_failure" ? home.reason : "unreachable";
      return this.#result([], outcome, home.reason === "aborted");
    }
    if (home) {
      this.#origin = new URL("/", home.url);
      this.#finalHost = this.#origin.hostname;
      for (const host of twins(this.#finalHost)) this.#site.add(host);
      this.#seen.add(pageKey(new URL(home.url)));
      if (home.status >= 500) return this.#result([toPage(home)], "server_error", false);
      if (isHtml(home)) this.#enqueue(linksOf(home.text, home.url));
    }
    this.#enqueue(sitemapPages.map((url) => ({ url, text: "" })));

    const visited = await this.#visit(pageBudget - 1, concurrency);
    return this.#result(home ? [toPage(home), ...visited.pages] : visited.pages, "ok", visited.partial);
  }

  /**
   * robots.txt over https, then over http when https gets no answer: the scheme that answers is the site's. Its rules
   * (null for a 5xx), or how the crawl ends.
   */
  async #firstContact(): Promise<
    { robots: RobotsRules | null; robotsUrl: string } | { outcome: CrawlOutcome; partial: boolean }
  > {
    let aborted = false;
    for (const scheme of ["https", "http"]) {
      const robotsUrl = `${scheme}://${this.domain}/robots.txt`;
      const answer = await this.#get(robotsUrl, "text/plain,*/*;q=0.5");
      if (!(answer instanceof EgressError)) {
        // Through a proxy that refuses https tunnels, an https request is answered over http.
        this.#origin = new URL(`${new URL(answer.url).protocol}//${this.domain}/`);
        return { robots: robotsRules(answer), robotsUrl: answer.url };
      }
      switch (answer.reason) {
        case "refused_private":
        case "dns_failure":
          return { outcome: answer.reason, partial: false };
        case "too_many_redirects":
        case "refused_url":
          // A robots.txt that can't be read is none; the site itself may be fine.
          this.#origin = new URL(`${scheme}://${this.domain}/`);
          return { robots: EVERYTHING_ALLOWED, robotsUrl };
      }
      aborted = answer.reason === "aborted";
      if (aborted) break;
    }
    return { outcome: "unreachable", partial: aborted };
  }

  /** Page URLs from the sitemaps robots.txt names, else from /sitemap.xml; a sitemap index is followed one level. */
  async #sitemapPages(robotsUrl: string): Promise<URL[]> {
    const named = this.#robots.sitemaps.flatMap((href) => this.#onSite(href, robotsUrl) ?? []);
    const files = named.length > 0 ? named.slice(0, MAX_SITEMAP_FILES) : [new URL("/sitemap.xml", this.#origin)];
    const pages: URL[] = [];
    for (let read = 0; read < files.length && read < MAX_SITEMAP_FILES; read++) {
      const answer = await this.#get(files[read]!.href, "application/xml,text/xml;q=0.9,*/*;q=0.5");
      if (answer instanceof EgressError || answer.status !== 200) continue;
      const entries = parseSitemap(answer.text);
      for (const href of entries.sitemaps) {
        const child = this.#onSite(href, answer.url);
        // Gzipped sitemaps come without Content-Encoding: they would need decompressing by hand, for little gain.
        if (child && !/\.gz$/i.test(child.pathname)) files.push(child);
      }
      pages.push(...entries.pages.flatMap((href) => this.#onSite(href, answer.url) ?? []));
    }
    return pages;
  }

  async #visit(slots: number, concurrency: number): Promise<{ pages: CrawledPage[]; partial: boolean }> {
    const found: { page: CrawledPage; rank: number }[] = [];
    const running = new Set<Promise<void>>();
    let attempts = 0;
    let cutShort = false;
    const visitOne = async (url: URL, rank: number) => {
      const answer = await this.#get(url.href);
      if (answer instanceof EgressError) {
        cutShort ||= answer.reason === "aborted";
        return;
      }
      if (answer.status < 200 || answer.status >= 300 || !isHtml(answer)) return;
      this.#seen.add(pageKey(new URL(answer.url)));
      found.push({ page: toPage(answer), rank });
      this.#enqueue(linksOf(answer.text, answer.url));
    };
    while (true) {
      while (!this.signal.aborted && running.size < concurrency && attempts < slots && this.#queue.length > 0) {
        const next = this.#queue.shift()!;
        const visit = visitOne(next.url, attempts++).finally(() => running.delete(visit));
        running.add(visit);
      }
      if (running.size === 0) break;
      await Promise.race(running);
    }
    const leftOver = this.signal.aborted && attempts < slots && this.#queue.length > 0;
    return { pages: found.sort((a, b) => a.rank - b.rank).map(({ page }) => page), partial: cutShort || leftOver };
  }

  /** Adds links worth a visit to the queue, best first, each page once, on this site and allowed by robots.txt. */
  #enqueue(links: PageLink[]): void {
    for (const link of links) {
      const url = this.#onSite(link.url.href, this.#origin.href);
      if (!url) continue;
      const key = pageKey(url);
      if (this.#seen.has(key) || !this.#robots.allows(url.pathname + url.search)) continue;
      const score = contactScore(url, link.text);
      if (score <= 0) continue;
      this.#seen.add(key);
      this.#queue.push({ url, score, order: this.#discovered++ });
    }
    this.#queue.sort((a, b) => b.score - a.score || a.order - b.order);
  }

  /** A URL of this site (its host or www/apex twin) on the origin that answers; null for any other. */
  #onSite(href: string, base: string): URL | null {
    if (!URL.canParse(href, base)) return null;
    const url = new URL(href, base);
    if ((url.protocol !== "http:" && url.protocol !== "https:") || !this.#site.has(url.hostname)) return null;
    return new URL(url.pathname + url.search, this.#origin);
  }

  /** A GET under the time budget; refusals and failures come back as EgressError, except our own egress failing. */
  async #get(url: string, accept?: string): Promise<SafeResponse | EgressError> {
    try {
      const response = await this.fetcher.fetch(url, { signal: this.signal, accept });
      for (const cookie of response.cookies) this.#cookies.add(cookie);
      return response;
    } catch (error) {
      if (!(error instanceof EgressError) || error.reason === "egress_unavailable") throw error;
      return error;
    }
  }

  #result(pages: CrawledPage[], outcome: CrawlOutcome, partial: boolean): CrawlResult {
    return { pages, outcome, partial, finalHost: this.#finalHost, cookies: [...this.#cookies] };
  }
}

function twins(host: string): Set<string> {
  return new Set([host, host.startsWith("www.") ? host.slice(4) : `www.${host}`]);
}

/** /contact and /contact/ are one page. */
function pageKey(url: URL): string {
  return `${url.hostname.replace(/^www\./, "")}${url.pathname.replace(/(.)\/$/, "$1")}${url.search}`;
}

function isHtml(response: SafeResponse): boolean {
  const type = response.headers["content-type"];
  return type === undefined || /html/i.test(type);
}

function toPage(response: SafeResponse): CrawledPage {
  return { url: response.url, status: response.status, html: response.text, headers: response.headers };
}
