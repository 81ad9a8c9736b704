// sitemap.xml (sitemaps.org protocol 0.9): a urlset lists pages, a sitemapindex lists further sitemaps. Parsed with
// htmlparser2 in XML mode, which tolerates the broken markup real sitemaps have; namespace prefixes are ignored.
// At most MAX_SITEMAP_ENTRIES locations are kept: a page budget of a dozen has no use for a 50,000-URL file.
import { Parser } from "htmlparser2";

export const MAX_SITEMAP_ENTRIES = 2_000;

export interface SitemapEntries {
  pages: string[];
  sitemaps: string[];
}

export function parseSitemap(xml: string): SitemapEntries {
  const entries: SitemapEntries = { pages: [], sitemaps: [] };
  const open: string[] = [];
  let loc = "";
  const localName = (name: string) => name.toLowerCase().replace(/^.*:/, "");
  const parser = new Parser({
    onopentag(name) {
      open.push(localName(name));
      if (localName(name) === "loc") loc = "";
    },
    ontext(text) {
      if (open.at(-1) === "loc") loc += text;
    },
    onclosetag(name, isImplied) {
      open.pop();
      // A <loc> closed only by the end of the input was cut off (a sitemap truncated at the size cap): not a URL.
      if (localName(name) !== "loc" || isImplied) return;
      const parent = open.at(-1);
      const value = loc.trim();
      if (value === "" || entries.pages.length + entries.sitemaps.length >= MAX_SITEMAP_ENTRIES) return;
      if (parent === "url") entries.pages.push(value);
      if (parent === "sitemap") entries.sitemaps.push(value);
    },
  }, { xmlMode: true });
  parser.write(xml);
  parser.end();
  return entries;
}
