import assert from "node:assert/strict";
import { type Element, isTag } from "domhandler";
import { parseDocument } from "htmlparser2";
import { CHANGE_FREQS } from "./contract.ts";
import type { SitemapEntry } from "./pages-store.ts";
import { LOC_MAX, sitemapXml, type SitemapSource, STATIC_PAGES } from "./sitemap.ts";

const SITE = "https://mailscout.test";
const NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";
const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** Published pages held in memory, served the way pages-store.ts pages them. */
function source(entries: SitemapEntry[]): SitemapSource & { asked: [number, number][] } {
  const asked: [number, number][] = [];
  return {
    asked,
    count: () => Promise.resolve(entries.length),
    page: (offset, limit) => {
      asked.push([offset, limit]);
      return Promise.resolve(entries.slice(offset, offset + limit));
    },
  };
}

function entry(index: number, overrides: Partial<SitemapEntry> = {}): SitemapEntry {
  return {
    loc: `${SITE}/tools/mx-checker/domain-${index}.test`,
    lastmod: "2026-11-20T10:00:00.123Z",
    changefreq: "monthly",
    priority: 0.5,
    ...overrides,
  };
}

function children(element: Element, name?: string): Element[] {
  return element.children.filter(isTag).filter((child) => name === undefined || child.name === name);
}

function text(element: Element | undefined): string {
  return element ? element.children.map((child) => ("data" in child ? child.data : "")).join("") : "";
}

/** The document's root element, checked against the protocol's rules for a urlset or a sitemapindex. */
function checkedRoot(xml: string, kind: "urlset" | "sitemapindex"): Element {
  assert.ok(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>'));
  const roots = parseDocument(xml, { xmlMode: true }).children.filter(isTag);
  assert.equal(roots.length, 1);
  const root = roots[0]!;
  assert.equal(root.name, kind);
  assert.equal(root.attribs.xmlns, NAMESPACE);
  const item = kind === "urlset" ? "url" : "sitemap";
  for (const child of children(root)) {
    assert.equal(child.name, item);
    const fields = children(child);
    assert.ok(fields.every((field) => ["loc", "lastmod", "changefreq", "priority"].includes(field.name)));
    const locs = children(child, "loc");
    assert.equal(locs.length, 1, "one loc each");
    const loc = text(locs[0]);
    assert.ok(loc.length <= LOC_MAX, "loc at most 2048 characters");
    assert.equal(new URL(loc).href, loc, "loc absolute and already escaped");
    for (const lastmod of children(child, "lastmod")) assert.match(text(lastmod), W3C_DATETIME);
    for (const freq of children(child, "changefreq")) assert.ok((CHANGE_FREQS as readonly string[]).includes(text(freq)));
    for (const priority of children(child, "priority")) {
      const value = Number(text(priority));
      assert.ok(/^[01]\.\d$/.test(text(priority)) && value >= 0 && value <= 1, text(priority));
    }
  }
  return root;
}

Deno.test("a small sitemap is one urlset: the static pages, then every page with its fields", async () => {
  const xml = await sitemapXml(source([entry(1), entry(2, { changefreq: "weekly", priority: 1 })]), null, { site: SITE });
  const urls = children(checkedRoot(xml!, "urlset"), "url");
  assert.deepEqual(
    urls.map((url) => text(children(url, "loc")[0])),
    [...STATIC_PAGES.map((page) => SITE + page.path), `${SITE}/tools/mx-checker/domain-1.test`, `${SITE}/tools/mx-checker/domain-2.test`],
  );
  const last = urls.at(-1)!;
  assert.equal(text(children(last, "lastmod")[0]), "2026-11-20T10:00:00Z");
  assert.equal(text(children(last, "changefreq")[0]), "weekly");
  assert.equal(text(children(last, "priority")[0]), "1.0");
});

Deno.test("a loc's ampersand and quotes are entities, and a loc past 2048 characters is left out", async () => {
  const odd = entry(1, { loc: `${SITE}/validate/o'neil&co@acme.test` });
  const long = entry(2, { loc: `${SITE}/verify/${"a".repeat(LOC_MAX)}` });
  const xml = (await sitemapXml(source([odd, long]), null, { site: SITE }))!;
  assert.match(xml, /<loc>https:\/\/mailscout\.test\/validate\/o&apos;neil&amp;co@acme\.test<\/loc>/);
  assert.equal(children(checkedRoot(xml.replace("o&apos;neil&amp;co", "oneil"), "urlset"), "url").length, STATIC_PAGES.length + 1);
});

Deno.test("past the per-file limit, sitemap.xml is an index and the numbered files split the list without overlap", async () => {
  const pages = Array.from({ length: 12 }, (_, index) => entry(index));
  const options = { site: SITE, urlsPerFile: 5 };
  const from = source(pages);
  const index = checkedRoot((await sitemapXml(from, null, options))!, "sitemapindex");
  const files = children(index, "sitemap").map((sitemap) => text(children(sitemap, "loc")[0]));
  // 5 static + 12 pages = 17 URLs: 4 files.
  assert.deepEqual(files, [1, 2, 3, 4].map((n) => `${SITE}/sitemap-${n}.xml`));
  const listed: string[] = [];
  for (let file = 1; file <= 4; file++) {
    const urls = children(checkedRoot((await sitemapXml(from, file, options))!, "urlset"), "url");
    assert.ok(urls.length <= 5);
    listed.push(...urls.map((url) => text(children(url, "loc")[0])));
  }
  assert.deepEqual(listed, [...STATIC_PAGES.map((page) => SITE + page.path), ...pages.map((page) => page.loc)]);
  assert.equal(await sitemapXml(from, 5, options), null);
  assert.equal(await sitemapXml(from, 0, options), null);
});

Deno.test("with 50,000 URLs or fewer there are no numbered files; one more and there are two", async () => {
  const fits = Array.from({ length: 50_000 - STATIC_PAGES.length }, (_, index) => entry(index));
  assert.match((await sitemapXml(source(fits), null, { site: SITE }))!, /^<\?xml[^>]*>\n<urlset /);
  assert.equal(await sitemapXml(source(fits), 1, { site: SITE }), null);
  const over = source([...fits, entry(50_000)]);
  const index = checkedRoot((await sitemapXml(over, null, { site: SITE }))!, "sitemapindex");
  assert.equal(children(index, "sitemap").length, 2);
  const second = checkedRoot((await sitemapXml(over, 2, { site: SITE }))!, "urlset");
  assert.deepEqual(children(second, "url").map((url) => text(children(url, "loc")[0])), [entry(50_000).loc]);
});
