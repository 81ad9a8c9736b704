// seo-pages through devstack's gateway, as a crawler reaches it: the landing pages' HTML, redirects to the one slug
// spelling, revalidation, not-found and removed pages, the sitemap and robots.txt. Pages are arranged in the database
// directly (generation is tested on its own), each test with domains of its own.
import assert from "node:assert/strict";
import { gateway, withDatabase } from "../api/testing/stack.ts";
import {
  canonicalSlug,
  SEO_NOT_FOUND_TEXT as NOT_FOUND_TEXT,
  SEO_NOT_FOUND_TITLE as NOT_FOUND_TITLE,
  seoPagePath,
  seoPageSchema,
  type SeoPageType,
} from "../_shared/seo/index.ts";
import { readDocument } from "../_shared/seo/testing/html.ts";

interface PageFields {
  pageType: SeoPageType;
  slug: string;
  isIndexable?: boolean;
  removed?: boolean;
}

const schemaMarkup = {
  "@context": "https://schema.org",
  "@type": "WebPage",
  name: "Hostile </script><script>alert(1)</script>",
};

/** A page stored as generation stores it; its id. */
async function storedPage({ pageType, slug, isIndexable = true, removed = false }: PageFields): Promise<string> {
  const domain = slug.slice(slug.lastIndexOf("@") + 1);
  return await withDatabase(async (sql) => {
    const [row] = await sql<{ id: string }[]>`
      insert into public.seo_landing_pages (page_type, slug, target_keyword, entity_domain, target_entity, title,
        meta_description, h1, content, schema_markup, is_indexable, removed_at, priority, change_freq)
      values (${pageType}, ${slug}, ${`check ${slug}`}, ${domain}, ${slug}, ${`Mail servers of ${slug}`},
        ${`What ${slug}'s DNS says about its mail.`}, ${`MX records for ${slug}`},
        ${`<p>${slug} receives mail at <strong>mx1.${domain}</strong>.</p>`}, ${sql.json(schemaMarkup)},
        ${isIndexable}, ${removed ? new Date() : null}, 0.7, 'weekly')
      returning id
    `;
    return row!.id;
  });
}

async function deletePages(ids: string[]): Promise<void> {
  await withDatabase((sql) => sql`delete from public.seo_landing_pages where id = any(${ids}::uuid[])`);
}

/** Domains no other test or run uses. */
function freshDomain(label = "seo"): string {
  return `${label}-${crypto.randomUUID().slice(0, 8)}.test`;
}

async function get(path: string, init: RequestInit = {}) {
  const response = await fetch(`${gateway}${path}`, { redirect: "manual", ...init });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

Deno.test("a published page is HTML with its title, description, canonical, robots, social tags, JSON-LD and h1", async () => {
  const domain = freshDomain();
  const id = await storedPage({ pageType: "mx_checker", slug: domain });
  try {
    const path = seoPagePath("mx_checker", domain);
    const page = await get(path);
    assert.equal(page.status, 200, page.text);
    assert.equal(page.headers.get("content-type"), "text/html; charset=utf-8");
    assert.equal(page.headers.get("cache-control"), "public, max-age=300");
    assert.ok(page.headers.get("content-security-policy"), "the SPA's security headers");
    const read = readDocument(page.text);
    assert.equal(read.title, `Mail servers of ${domain}`);
    assert.equal(read.meta("description"), `What ${domain}'s DNS says about its mail.`);
    assert.equal(new URL(read.canonical!).pathname, path);
    assert.equal(read.meta("robots"), "index,follow");
    assert.equal(read.meta("og:url"), read.canonical);
    assert.equal(read.meta("twitter:title"), read.title);
    assert.deepEqual(read.scripts("application/ld+json"), [schemaMarkup]);
    const [data] = read.scripts("application/json");
    assert.deepEqual(Object.keys(seoPageSchema.parse(data)).sort(), Object.keys(data as object).sort(), "the API's shape");
    assert.equal(seoPageSchema.parse(data).id, id);
    assert.equal(read.rootText("h1"), `MX records for ${domain}`);
    assert.equal(read.rootText("strong"), `mx1.${domain}`);
    assert.ok(!page.text.includes("</script><script>alert(1)"));
  } finally {
    await deletePages([id]);
  }
});

Deno.test("HEAD answers GET's status and headers without a body, and the HTML counts no view", async () => {
  const domain = freshDomain();
  const id = await storedPage({ pageType: "domain_verify", slug: domain });
  try {
    const path = seoPagePath("domain_verify", domain);
    const full = await get(path);
    const head = await get(path, { method: "HEAD" });
    assert.equal(head.status, 200);
    assert.equal(head.text, "");
    assert.equal(head.headers.get("etag"), full.headers.get("etag"));
    assert.equal(head.headers.get("content-type"), "text/html; charset=utf-8");
    const [row] = await withDatabase((sql) => sql<{ views: number }[]>`
      select views from public.seo_landing_pages where id = ${id}
    `);
    assert.equal(row!.views, 0);
  } finally {
    await deletePages([id]);
  }
});

Deno.test("any other spelling of a slug answers 301 to the canonical path", async () => {
  const domain = freshDomain();
  const unicode = `bücher-${crypto.randomUUID().slice(0, 8)}.test`;
  const ascii = canonicalSlug("domain_verify", unicode)!;
  const address = `info@${domain}`;
  const ids = [
    await storedPage({ pageType: "mx_checker", slug: domain }),
    await storedPage({ pageType: "domain_verify", slug: ascii }),
    await storedPage({ pageType: "email_validate", slug: address }),
  ];
  try {
    const spellings: [string, string][] = [
      [`/tools/mx-checker/${domain.toUpperCase()}`, seoPagePath("mx_checker", domain)],
      [`/tools/mx-checker/${domain}/`, seoPagePath("mx_checker", domain)],
      [`/tools/mx-checker/${domain}.`, seoPagePath("mx_checker", domain)],
      [`/verify/${encodeURIComponent(unicode)}`, seoPagePath("domain_verify", ascii)],
      [`/validate/INFO%40${domain}`, seoPagePath("email_validate", address)],
      [`/validate/info%40${domain}?utm_source=mail`, seoPagePath("email_validate", address)],
    ];
    for (const [spelling, canonical] of spellings) {
      const answer = await get(spelling);
      assert.equal(answer.status, 301, spelling);
      assert.equal(new URL(answer.headers.get("location")!).pathname, canonical, spelling);
      assert.equal((await get(canonical)).status, 200, canonical);
    }
  } finally {
    await deletePages(ids);
  }
});

Deno.test("a request with the page's ETag in If-None-Match answers 304 without a body", async () => {
  const domain = freshDomain();
  const id = await storedPage({ pageType: "mx_checker", slug: domain });
  try {
    const path = seoPagePath("mx_checker", domain);
    const etag = (await get(path)).headers.get("etag")!;
    assert.match(etag, /^"[0-9a-f]{32}"$/);
    const again = await get(path, { headers: { "if-none-match": etag } });
    assert.equal(again.status, 304);
    assert.equal(again.text, "");
    assert.equal(again.headers.get("etag"), etag);
    assert.equal((await get(path, { headers: { "if-none-match": `"other", W/${etag}` } })).status, 304);
    assert.equal((await get(path, { headers: { "if-none-match": '"other"' } })).status, 200);
    // The page changes: the old tag no longer matches.
    await withDatabase((sql) => sql`update public.seo_landing_pages set h1 = 'Changed' where id = ${id}`);
    assert.equal((await get(path, { headers: { "if-none-match": etag } })).status, 200);
  } finally {
    await deletePages([id]);
  }
});

/** A not-found document: the landing screen's texts, never indexed, cached briefly. */
function assertNotFound(answer: { status: number; headers: Headers; text: string }, status: number, what: string) {
  assert.equal(answer.status, status, what);
  assert.equal(answer.headers.get("cache-control"), "public, max-age=60", what);
  const read = readDocument(answer.text);
  assert.equal(read.meta("robots"), "noindex", what);
  assert.equal(read.rootText("h1"), NOT_FOUND_TITLE, what);
  assert.equal(read.rootText("p"), NOT_FOUND_TEXT, what);
  assert.equal(read.canonical, undefined, what);
}

Deno.test("a missing, switched-off or malformed page answers 404 noindex, and a query string never makes one", async () => {
  const switchedOff = freshDomain();
  const id = await storedPage({ pageType: "domain_verify", slug: switchedOff, isIndexable: false });
  try {
    const missing = freshDomain();
    for (const path of [
      `/verify/${missing}`,
      `/verify/${missing}?generate=1&keyword=${missing}`,
      `/verify/${switchedOff}`,
      "/verify/not a domain",
      "/verify/%E0%A4%A",
      "/validate/no-at-sign.test",
      "/tools/mx-checker/a/b.test",
    ]) {
      assertNotFound(await get(path), 404, path);
    }
    const [row] = await withDatabase((sql) => sql<{ count: number }[]>`
      select count(*)::int as count from public.seo_landing_pages where slug = ${missing}
    `);
    assert.equal(row!.count, 0);
  } finally {
    await deletePages([id]);
  }
});

Deno.test("a removed page answers 410 noindex", async () => {
  const domain = freshDomain();
  const id = await storedPage({ pageType: "mx_checker", slug: domain, removed: true });
  try {
    assertNotFound(await get(seoPagePath("mx_checker", domain)), 410, domain);
  } finally {
    await deletePages([id]);
  }
});

Deno.test("the sitemap lists published pages with their fields, and neither switched-off nor removed ones", async () => {
  const [published, switchedOff, removed] = [freshDomain("pub"), freshDomain("off"), freshDomain("gone")];
  const ids = [
    await storedPage({ pageType: "mx_checker", slug: published }),
    await storedPage({ pageType: "mx_checker", slug: switchedOff, isIndexable: false }),
    await storedPage({ pageType: "mx_checker", slug: removed, removed: true }),
  ];
  try {
    const sitemap = await get("/sitemap.xml");
    assert.equal(sitemap.status, 200);
    assert.equal(sitemap.headers.get("content-type"), "application/xml; charset=utf-8");
    assert.match(sitemap.text, /<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
    const entry = new RegExp(
      `<url><loc>[^<]*/tools/mx-checker/${published.replaceAll(".", "\\.")}</loc>` +
        `<lastmod>\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z</lastmod><changefreq>weekly</changefreq>` +
        `<priority>0\\.7</priority></url>`,
    );
    assert.match(sitemap.text, entry);
    assert.ok(!sitemap.text.includes(switchedOff));
    assert.ok(!sitemap.text.includes(removed));
    assert.equal((await get("/sitemap-1.xml")).status, 404, "no numbered files under 50,000 URLs");
  } finally {
    await deletePages(ids);
  }
});

Deno.test("robots.txt keeps crawlers out of the api and admin and names the sitemap", async () => {
  const robots = await get("/robots.txt");
  assert.equal(robots.status, 200);
  assert.equal(robots.headers.get("content-type"), "text/plain; charset=utf-8");
  assert.match(robots.text, /^Disallow: \/api$/m);
  assert.match(robots.text, /^Disallow: \/admin$/m);
  assert.match(robots.text, /^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
});

Deno.test("methods other than GET and HEAD answer 405", async () => {
  for (const method of ["POST", "PUT", "DELETE"]) {
    const answer = await get(`/verify/${freshDomain()}`, { method });
    assert.equal(answer.status, 405, method);
    assert.equal(answer.headers.get("allow"), "GET, HEAD");
  }
});
