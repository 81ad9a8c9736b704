// What the seo-pages function answers: the landing pages as HTML documents a crawler reads without JavaScript, the
// sitemap and robots.txt. Read-only and the same for everyone, so answers are cacheable by any cache and validated
// by ETag; a page is only ever read here, never created or counted (the SPA's api call counts the view).
import { securityHeadersOf } from "../contracts/security-headers.ts";
import { env } from "../env.ts";
import { siteUrl } from "../marketing/index.ts";
import { seoPagePath, seoPathParts } from "./contract.ts";
import { hex } from "./html.ts";
import { findPage, sitemapCount, sitemapPage } from "./pages-store.ts";
import { renderNotFoundDocument, renderPageDocument } from "./render-document.ts";
import { robotsTxt } from "./robots.ts";
import { shellLoader } from "./shell.ts";
import { sitemapXml } from "./sitemap.ts";
import { canonicalSlug } from "./slug.ts";

export const FOUND_MAX_AGE = 300;
/** A missing or removed page may come (back) soon: generation, an admin switching it on. */
export const NOT_FOUND_MAX_AGE = 60;
/** The function's own name: behind Supabase's gateway it sees its paths under /seo-pages/. */
const FUNCTION_PREFIX = /^\/seo-pages(?=\/)/;
const SITEMAP_FILE = /^\/sitemap-([1-9]\d{0,6})\.xml$/;

const HTML = "text/html; charset=utf-8";

interface Answer {
  status: number;
  body: string;
  contentType: string;
  location?: string;
}

export function seoPagesHandler(): (request: Request) => Promise<Response> {
  const loadShell = shellLoader({ url: () => env().SEO_SHELL_URL ?? `${siteUrl()}/index.html` });
  const headersFor = securityHeadersOf(env().SUPABASE_URL);

  async function answer(path: string): Promise<Answer> {
    if (path === "/robots.txt") return { status: 200, body: robotsTxt(siteUrl()), contentType: "text/plain; charset=utf-8" };
    const sitemapFile = path === "/sitemap.xml" ? null : SITEMAP_FILE.exec(path)?.[1];
    if (sitemapFile !== undefined) {
      const source = { count: sitemapCount, page: sitemapPage };
      const xml = await sitemapXml(source, sitemapFile === null ? null : Number(sitemapFile), { site: siteUrl() });
      return xml === null
        ? { status: 404, body: "Not found\n", contentType: "text/plain; charset=utf-8" }
        : { status: 200, body: xml, contentType: "application/xml; charset=utf-8" };
    }
    const parts = seoPathParts(path);
    const slug = parts && canonicalSlug(parts.pageType, decodedSlug(parts.rawSlug));
    if (!parts || !slug) return { status: 404, body: renderNotFoundDocument(await loadShell()), contentType: HTML };
    const canonicalPath = seoPagePath(parts.pageType, slug);
    if (canonicalPath !== path) return { status: 301, body: "", contentType: HTML, location: siteUrl() + canonicalPath };
    const found = await findPage(parts.pageType, slug);
    const shell = await loadShell();
    if (found.state === "published") {
      // The embedded page is what the SPA's API call answers (seoPageSchema), nothing more.
      const { entityDomain: _entityDomain, ...page } = found.page;
      return { status: 200, body: renderPageDocument(shell, page), contentType: HTML };
    }
    return { status: found.state === "removed" ? 410 : 404, body: renderNotFoundDocument(shell), contentType: HTML };
  }

  return async (request) => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      return new Response("Method not allowed\n", { status: 405, headers: { allow: "GET, HEAD" } });
    }
    const url = new URL(request.url);
    // The query string is ignored: it never names another page.
    const reply = await answer(url.pathname.replace(FUNCTION_PREFIX, ""));
    const headers = new Headers(headersFor(request.url, request.headers.get("x-forwarded-proto")));
    headers.set("content-type", reply.contentType);
    headers.set("cache-control", `public, max-age=${reply.status < 400 ? FOUND_MAX_AGE : NOT_FOUND_MAX_AGE}`);
    if (reply.location) headers.set("location", reply.location);
    const etag = await entityTag(reply.body);
    headers.set("etag", etag);
    if (reply.status === 200 && matches(request.headers.get("if-none-match"), etag)) {
      return new Response(null, { status: 304, headers });
    }
    return new Response(request.method === "HEAD" ? null : reply.body, { status: reply.status, headers });
  };
}

/** The slug as written, percent-decoding undone; a malformed escape leaves it as it is (and it names no page). */
function decodedSlug(rawSlug: string): string {
  // A trailing slash is another spelling of the same page.
  const trimmed = rawSlug.replace(/\/+$/, "");
  try {
    return decodeURIComponent(trimmed);
  } catch {
    return trimmed;
  }
}

async function entityTag(body: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(body));
  return `"${hex(digest.slice(0, 16))}"`;
}

/** If-None-Match's list against our tag: weak comparison, as HTTP asks for it, and "*". */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const candidate = tag.trim().replace(/^W\//, "");
    return candidate === "*" || candidate === etag;
  });
}
