// Crawl results made of this folder's fixture pages, as crawl/ would hand them over.
import type { CrawlResult } from "../../crawl/index.ts";

export interface FixturePage {
  /** File in testdata/. */
  file: string;
  /** Path on the site, "/" for the home page. */
  path: string;
  status?: number;
  headers?: Record<string, string>;
}

export function fixtureHtml(file: string): string {
  return Deno.readTextFileSync(new URL(`./${file}`, import.meta.url));
}

/** A crawl of `domain` that read the pages in order (the first is the home page). */
export function fixtureCrawl(
  domain: string,
  pages: FixturePage[],
  extra: Partial<Omit<CrawlResult, "pages">> = {},
): CrawlResult {
  return {
    pages: pages.map(({ file, path, status = 200, headers = {} }) => ({
      url: `https://${domain}${path}`,
      status,
      html: fixtureHtml(file),
      headers: { "content-type": "text/html; charset=utf-8", ...headers },
    })),
    outcome: "ok",
    partial: false,
    finalHost: domain,
    cookies: [],
    ...extra,
  };
}

/** A one-page crawl: the fixture as the site's home page. */
export function homePageCrawl(domain: string, file: string, headers?: Record<string, string>): CrawlResult {
  return fixtureCrawl(domain, [{ file, path: "/", headers }]);
}
