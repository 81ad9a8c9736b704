// sitemap.xml as sitemaps.org defines it: the public static pages, then every published landing page. Past
// SITEMAP_URLS_PER_FILE URLs (the protocol's limit per file), /sitemap.xml becomes an index of /sitemap-1.xml,
// /sitemap-2.xml …, each holding the next slice of the same list.
import { SITEMAP_URLS_PER_FILE } from "./contract.ts";
import type { SitemapEntry } from "./pages-store.ts";

/** The SPA's public screens that stand on their own (sign-in screens and token links are left out). */
export const STATIC_PAGES: readonly { path: string; priority: number }[] = [
  { path: "/", priority: 1 },
  { path: "/pricing", priority: 0.8 },
  { path: "/usage-policy", priority: 0.3 },
  { path: "/privacy", priority: 0.3 },
  { path: "/terms", priority: 0.3 },
];

/** The protocol's longest loc. */
export const LOC_MAX = 2048;
const NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";

/** Where the published pages come from (pages-store.ts on the database). */
export interface SitemapSource {
  count(): Promise<number>;
  page(offset: number, limit: number): Promise<SitemapEntry[]>;
}

export interface SitemapOptions {
  site: string;
  urlsPerFile?: number;
}

/** The XML /sitemap.xml (file null) or /sitemap-<n>.xml answers, or null when there is no such file. */
export async function sitemapXml(source: SitemapSource, file: number | null, options: SitemapOptions): Promise<string | null> {
  const perFile = options.urlsPerFile ?? SITEMAP_URLS_PER_FILE;
  const statics = STATIC_PAGES.map((entry) => ({ loc: options.site + entry.path, priority: entry.priority }));
  const total = statics.length + (await source.count());
  const files = Math.ceil(total / perFile);
  if (file === null) {
    if (files <= 1) return urlset([...statics, ...(await source.page(0, total - statics.length))]);
    return sitemapIndex(Array.from({ length: files }, (_, index) => `${options.site}/sitemap-${index + 1}.xml`));
  }
  if (files <= 1 || file < 1 || file > files) return null;
  // The list is the static pages, then the landing pages: slice [start, end) of it.
  const start = (file - 1) * perFile;
  const end = Math.min(start + perFile, total);
  const fromStatics = statics.slice(start, end);
  const pageStart = Math.max(0, start - statics.length);
  const pages = await source.page(pageStart, end - start - fromStatics.length);
  return urlset([...fromStatics, ...pages]);
}

type UrlEntry = Pick<SitemapEntry, "loc"> & Partial<SitemapEntry>;

function urlset(entries: UrlEntry[]): string {
  const urls = entries
    // A loc past the protocol's limit would make the whole file invalid; such a page is left out instead.
    .filter((entry) => entry.loc.length <= LOC_MAX)
    .map((entry) => {
      const fields = [`<loc>${escapeXml(entry.loc)}</loc>`];
      if (entry.lastmod) fields.push(`<lastmod>${w3cDatetime(entry.lastmod)}</lastmod>`);
      if (entry.changefreq) fields.push(`<changefreq>${entry.changefreq}</changefreq>`);
      if (entry.priority !== undefined) fields.push(`<priority>${entry.priority.toFixed(1)}</priority>`);
      return `<url>${fields.join("")}</url>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NAMESPACE}">\n${urls.join("\n")}\n</urlset>\n`;
}

function sitemapIndex(locs: string[]): string {
  const sitemaps = locs.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NAMESPACE}">\n${sitemaps.join("\n")}\n</sitemapindex>\n`;
}

/** The protocol asks for these five characters as entities inside a loc. */
function escapeXml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("'", "&apos;")
    .replaceAll('"', "&quot;")
    .replaceAll(">", "&gt;")
    .replaceAll("<", "&lt;");
}

/** A W3C datetime in UTC to the second (2026-11-20T10:00:00Z). */
function w3cDatetime(iso: string): string {
  return new Date(iso).toISOString().replace(/\.\d{3}Z$/, "Z");
}
