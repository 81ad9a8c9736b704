// `npm run bench`'s SEO figures. Generation: GENERATED keyword targets over as many fixture domains (bench-0000.test…,
// which the bench's DNS fixture answers and no other figure has put in the resolver's cache), through the admin's
// POST /api/admin/seo/generate-bulk, called again while targets remain, as the dashboard does. A landing page at
// CLIENTS concurrent clients through the gateway: the HTML seo-pages renders, and the JSON the SPA reads (which counts
// a view, once per visitor and day). The sitemap over SITEMAP_PAGES pages seeded by SQL: the index and every file.
import postgres from "postgres";
import { benchDomain } from "../../../edge-functions/_shared/dns/testing/zones.ts";
import {
  BULK_GENERATE_MAX,
  generateBulkResultSchema,
  seoPagePath,
  SITEMAP_URLS_PER_FILE,
} from "../../../edge-functions/_shared/seo/contract.ts";
import type { RunningStack } from "../cli/stack.ts";
import { loadFromProcess } from "./bench-load.ts";
import { percentiles, registerAccount, requestText, seconds, timed } from "./bench-measure.ts";

const GENERATED = 1_000;
const CLIENTS = 20;
const PAGE_WARMUP = 200;
const PAGE_REQUESTS = 2_000;
const SITEMAP_PAGES = 50_000;

export async function seoFigures(stack: RunningStack): Promise<[string, string][]> {
  const sql = postgres(stack.dbUrl, { max: 1, onnotice: () => {} });
  try {
    const admin = await registerAccount(stack, sql, "bench_seo");
    await sql`update public.profiles set is_admin = true where id = ${admin.id}`;

    const generation = await generate(stack, sql, admin.token);
    const path = seoPagePath("mx_checker", benchDomain(0, 4));
    const html = await pageLoad(`${stack.url}${path}`);
    const json = await pageLoad(`${stack.url}/api/seo/mx_checker/${encodeURIComponent(benchDomain(0, 4))}`);

    const seeded = await timed(() => seedSitemapPages(sql));
    const sitemap = await timed(() => readSitemap(stack));

    const label = (what: string) => `seo: ${what}`;
    const load = (run: { durations: number[]; perSecond: number }) =>
      `${percentiles(run.durations)}, ${Math.round(run.perSecond)} requests/s`;
    const requests = `${CLIENTS} clients, ${PAGE_REQUESTS} requests after ${PAGE_WARMUP} (goal p95 ≤ 30 ms)`;
    return [
      [
        label(`generating ${generation.pages.toLocaleString("en")} mx_checker pages over ${GENERATED.toLocaleString("en")} fixture ` +
          `domains, cold DNS cache, ${generation.calls} generate-bulk call(s) (goal ≤ 30 s)`),
        `${seconds(generation.ms)}, ${Math.round(generation.pages / (generation.ms / 1000))} pages/s`,
      ],
      [label(`GET ${path} (HTML from seo-pages), ${requests}`), load(html)],
      [label(`GET /api/seo/mx_checker/{slug} (JSON, counts a view), ${requests}`), load(json)],
      [label(`seeding ${SITEMAP_PAGES.toLocaleString("en")} more pages by SQL`), seconds(seeded.ms)],
      [
        label(`sitemap.xml over ${sitemap.value.urls.toLocaleString("en")} URLs: the index and its ${sitemap.value.files} ` +
          `file(s) of at most ${SITEMAP_URLS_PER_FILE.toLocaleString("en")}, one after another`),
        seconds(sitemap.ms),
      ],
    ];
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Keyword targets for the fixture domains, first in the queue, then generate-bulk until none remain. */
async function generate(
  stack: RunningStack,
  sql: postgres.Sql,
  token: string,
): Promise<{ pages: number; calls: number; ms: number }> {
  const domains = Array.from({ length: GENERATED }, (_, i) => benchDomain(i, 4));
  await sql`
    insert into public.seo_keyword_targets (keyword, page_type, priority, search_volume)
    select 'mx records ' || domain, 'mx_checker', 10, 1000 from unnest(${domains}::text[]) as domain
  `;
  let pages = 0;
  let calls = 0;
  const { ms } = await timed(async () => {
    for (let remaining = GENERATED; remaining > 0; calls++) {
      const answer = await requestText(stack, "/api/admin/seo/generate-bulk", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ limit: BULK_GENERATE_MAX }),
      }, 200);
      const result = generateBulkResultSchema.parse(JSON.parse(answer));
      pages += result.generatedCount;
      remaining = result.remaining;
      if (result.generatedCount + result.skippedCount === 0) break; // nothing moved: do not loop forever
    }
  });
  return { pages, calls, ms };
}

function pageLoad(url: string) {
  return loadFromProcess({
    url,
    method: "GET",
    headers: { accept: "text/html,application/json" },
    bodies: Array.from({ length: PAGE_WARMUP + PAGE_REQUESTS }, () => ""),
    warmup: PAGE_WARMUP,
    clients: CLIENTS,
  });
}

/** Indexable domain_verify pages in one statement, as though generated long ago; no DNS, no templates. */
async function seedSitemapPages(sql: postgres.Sql): Promise<void> {
  await sql`
    insert into public.seo_landing_pages
      (page_type, slug, target_keyword, entity_domain, target_entity, title, meta_description, h1, content, created_at,
       last_updated)
    select 'domain_verify', domain, 'verify ' || domain, domain, domain, 'Verify ' || domain,
      'Mail setup of ' || domain || ': MX, SPF and DMARC.', 'Verify ' || domain, '<p>Seeded for the bench.</p>',
      now() - make_interval(mins => n), now() - make_interval(mins => n)
    from generate_series(1, ${SITEMAP_PAGES}) as n, lateral (select 'sitemap-' || n || '.bench.test' as domain) as d
  `;
  await sql`analyze public.seo_landing_pages`;
}

/** /sitemap.xml and, when it is an index, every file it names: the URLs listed and the files read. */
async function readSitemap(stack: RunningStack): Promise<{ urls: number; files: number }> {
  const read = (path: string) => requestText(stack, path, {}, 200);
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
  const root = await read("/sitemap.xml");
  if (!root.includes("<sitemapindex")) return { urls: locs(root).length, files: 1 };
  const files = locs(root).map((loc) => new URL(loc).pathname);
  let urls = 0;
  for (const file of files) urls += locs(await read(file)).length;
  return { urls, files: files.length };
}
