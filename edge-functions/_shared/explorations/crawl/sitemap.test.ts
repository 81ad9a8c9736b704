import assert from "node:assert/strict";
import { MAX_SITEMAP_ENTRIES, parseSitemap } from "./sitemap.ts";

Deno.test("sitemap: a urlset gives its page locations, entities decoded", () => {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
    <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
      <url><loc> https://acme.test/contact/ </loc><lastmod>2026-01-30</lastmod></url>
      <url><loc>https://acme.test/search?q=a&amp;page=2</loc>
        <image:image><image:loc>https://acme.test/logo.png</image:loc></image:image></url>
    </urlset>`;
  assert.deepEqual(parseSitemap(xml), {
    pages: ["https://acme.test/contact/", "https://acme.test/search?q=a&page=2"],
    sitemaps: [],
  });
});

Deno.test("sitemap: a sitemap index gives its child sitemaps, prefixed names included", () => {
  const xml = `<sm:sitemapindex xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9">
      <sm:sitemap><sm:loc>https://acme.test/page-sitemap.xml</sm:loc></sm:sitemap>
      <sm:sitemap><sm:loc>https://acme.test/post-sitemap.xml</sm:loc></sm:sitemap>
    </sm:sitemapindex>`;
  assert.deepEqual(parseSitemap(xml), {
    pages: [],
    sitemaps: ["https://acme.test/page-sitemap.xml", "https://acme.test/post-sitemap.xml"],
  });
});

Deno.test("sitemap: broken markup gives what can be read, and a huge file is capped", () => {
  assert.deepEqual(parseSitemap("<urlset><url><loc>https://acme.test/a</loc></url><url><loc>https://acme"), {
    pages: ["https://acme.test/a"],
    sitemaps: [],
  });
  assert.deepEqual(parseSitemap("not xml at all"), { pages: [], sitemaps: [] });
  const many = `<urlset>${"<url><loc>https://acme.test/p</loc></url>".repeat(MAX_SITEMAP_ENTRIES + 10)}</urlset>`;
  assert.equal(parseSitemap(many).pages.length, MAX_SITEMAP_ENTRIES);
});
