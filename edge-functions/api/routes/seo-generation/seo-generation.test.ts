// Generation against the stack's database and the fixture DNS server, called in-process as the admin routes and the
// refresh worker call it. Other test files may leave targets waiting, and a run takes those too, so each test checks
// its own targets by id. The functions keep the instance's pool open between tests, as a function instance does: the
// resource sanitiser is off for them.
import assert from "node:assert/strict";
import type postgres from "postgres";
import { generateBatch, refreshStalePages, regeneratePage } from "../../../_shared/seo/index.ts";
import { runWorker } from "../../testing/bulk.ts";
import { gateway, withDatabase } from "../../testing/stack.ts";

const options = { sanitizeResources: false, sanitizeOps: false };

interface TargetRow {
  id: string;
  keyword: string;
  isGenerated: boolean;
  skipReason: string | null;
  entity: string | null;
  pageId: string | null;
}

interface PageRow {
  id: string;
  slug: string;
  targetEntity: string;
  entityDomain: string;
  title: string;
  metaDescription: string;
  h1: string;
  content: string;
  schemaMarkup: Record<string, unknown>;
  contentHash: string;
  lastUpdated: Date;
  refreshedAt: Date;
  removedAt: Date | null;
}

/** Keywords made unique to this run with a tag word, which yields no entity of its own. */
async function addTargets(pageType: string, keywords: string[]): Promise<string[]> {
  const tag = crypto.randomUUID().slice(0, 8);
  return await withDatabase(async (sql) => {
    const rows = await sql<{ id: string }[]>`
      insert into public.seo_keyword_targets (keyword, page_type, priority)
      select k || ' t' || ${tag}, ${pageType}, 10 from unnest(${keywords}::text[]) as k
      returning id
    `;
    return rows.map((row) => row.id);
  });
}

async function targets(ids: string[]): Promise<TargetRow[]> {
  return await withDatabase((sql) => sql<TargetRow[]>`
    select id, keyword, is_generated as "isGenerated", skip_reason as "skipReason", entity, page_id as "pageId"
    from public.seo_keyword_targets where id = any(${ids}::uuid[]) order by keyword
  `);
}

const pageColumns = (sql: postgres.Sql) => sql`
  id, slug, target_entity as "targetEntity", entity_domain as "entityDomain", title, meta_description as "metaDescription",
  h1, content, schema_markup as "schemaMarkup", content_hash as "contentHash", last_updated as "lastUpdated",
  refreshed_at as "refreshedAt", removed_at as "removedAt"
`;

async function page(id: string): Promise<PageRow> {
  const [row] = await withDatabase((sql) => sql<PageRow[]>`select ${pageColumns(sql)} from public.seo_landing_pages where id = ${id}`);
  assert.ok(row, `page ${id}`);
  return row;
}

async function generateAll(): Promise<void> {
  while ((await generateBatch(1000)).remaining > 0);
}

Deno.test({
  ...options,
  name: "generate-bulk twice at once, then again: the same pages, one per entity, each whole",
  fn: async () => {
    const domains = Array.from({ length: 40 }, (_, i) => `bench-${String(300 + i).padStart(4, "0")}.test`);
    const ids = await addTargets("mx_checker", [
      ...domains.map((domain) => `${domain} mx records`),
      // Two spellings of one domain: one page, both targets linked to it.
      "MX lookup BENCH-0300.TEST.",
    ]);
    const [first, second] = await Promise.all([generateBatch(1000), generateBatch(1000)]);
    assert.ok(first.generatedCount + second.generatedCount >= ids.length, JSON.stringify({ first, second }));
    await generateAll();
    const rows = await targets(ids);
    assert.ok(rows.every((row) => row.isGenerated && row.skipReason === null && row.pageId), JSON.stringify(rows));
    const pageIds = new Set(rows.map((row) => row.pageId));
    assert.equal(pageIds.size, domains.length);
    const bench300 = rows.filter((row) => row.entity === "bench-0300.test");
    assert.equal(bench300.length, 2);
    assert.equal(bench300[0]!.pageId, bench300[1]!.pageId);

    const pages = await Promise.all([...pageIds].map((id) => page(id!)));
    assert.deepEqual(pages.map((p) => p.slug).sort(), [...domains].sort());
    for (const p of pages) {
      assert.ok(p.title && p.h1 && p.content.includes(p.slug) && p.metaDescription.length <= 160, p.slug);
      assert.match(p.contentHash, /^[0-9a-f]{64}$/);
      assert.doesNotMatch(`${p.title}${p.metaDescription}${p.h1}${p.content}`, /\{[A-Za-z]+\}/);
      assert.match(p.content, /mx\.bench\.test/);
    }

    const again = await generateBatch(1000);
    assert.equal(again.remaining, 0);
    assert.deepEqual((await targets(ids)).map((row) => row.pageId), rows.map((row) => row.pageId));
  },
});

Deno.test({
  ...options,
  name: "a personal address yields a masked page; role, free-mail, disposable, mail-less and wordy keywords follow the rule",
  fn: async () => {
    const ids = await addTargets("email_validate", [
      "is jonathan.quartz@acme-corp.test real",
      "validate sales@acme-corp.test",
      "info@gmail.com",
      "info@mailinator.com",
      "info@null-mx.test",
      "validate an address",
    ]);
    await generateAll();
    const rows = await targets(ids);
    const by = (keyword: string) => rows.find((row) => row.keyword.startsWith(keyword))!;

    assert.equal(by("info@gmail.com").skipReason, "free_mail_domain");
    assert.equal(by("info@mailinator.com").skipReason, "disposable_domain");
    assert.equal(by("info@null-mx.test").skipReason, "mail_less_domain");
    assert.equal(by("validate an address").skipReason, "no_entity");
    for (const keyword of ["info@gmail.com", "info@mailinator.com", "info@null-mx.test", "validate an address"]) {
      assert.equal(by(keyword).pageId, null);
      assert.equal(by(keyword).isGenerated, false);
    }

    const role = await page(by("validate sales@acme-corp.test").pageId!);
    assert.equal(role.slug, "sales@acme-corp.test");
    assert.equal(role.targetEntity, "sales@acme-corp.test");

    const person = by("is jonathan.quartz@acme-corp.test");
    assert.equal(person.entity, "jonathan.quartz@acme-corp.test");
    const masked = await page(person.pageId!);
    assert.match(masked.slug, /^j\*\*\*-[0-9a-f]{4}@acme-corp\.test$/);
    assert.equal(masked.targetEntity, "j***@acme-corp.test");
    assert.equal(masked.entityDomain, "acme-corp.test");
    for (const text of [masked.slug, masked.title, masked.metaDescription, masked.h1, masked.content, JSON.stringify(masked.schemaMarkup)]) {
      assert.ok(!/onathan|quartz/i.test(text), text);
    }
    assert.match(`${masked.title} ${masked.h1} ${masked.content}`, /j\*\*\*@acme-corp\.test/);
  },
});

Deno.test({
  ...options,
  name: "a masked slug already another address's page takes 8 hex digits instead of 4",
  fn: async () => {
    const [first] = await addTargets("email_validate", ["is marguerite.vance@acme-corp.test real"]);
    await generateAll();
    const [owner] = await targets([first!]);
    const short = await page(owner!.pageId!);
    assert.match(short.slug, /^m\*\*\*-[0-9a-f]{4}@acme-corp\.test$/);
    // The short slug now stands for someone else (as when two people's hashes begin alike).
    await withDatabase((sql) => sql`update public.seo_keyword_targets set entity = 'mabel.other@acme-corp.test' where id = ${first!}`);
    const [second] = await addTargets("email_validate", ["validate marguerite.vance@acme-corp.test"]);
    await generateAll();
    const [target] = await targets([second!]);
    assert.notEqual(target!.pageId, owner!.pageId);
    const longer = await page(target!.pageId!);
    assert.match(longer.slug, /^m\*\*\*-[0-9a-f]{8}@acme-corp\.test$/);
    assert.ok(longer.slug.startsWith(short.slug.split("@")[0]!));
  },
});

Deno.test({
  ...options,
  name: "regenerate: the page again from fresh data, removed once its domain is suppressed, not_found for no page",
  fn: async () => {
    const [id] = await addTargets("domain_verify", ["bench-0360.test deliverability"]);
    await generateAll();
    const [target] = await targets([id!]);
    const before = await page(target!.pageId!);
    assert.equal(await regeneratePage(before.id), "regenerated");
    const after = await page(before.id);
    assert.equal(after.contentHash, before.contentHash);
    assert.equal(after.lastUpdated.getTime(), before.lastUpdated.getTime());

    await withDatabase((sql) => sql`insert into public.seo_suppressions (kind, value, reason) values ('domain', 'bench-0360.test', 'test')`);
    assert.equal(await regeneratePage(before.id), "removed");
    assert.ok((await page(before.id)).removedAt);
    assert.equal(await regeneratePage(before.id), "not_found");
    assert.equal(await regeneratePage(crypto.randomUUID()), "not_found");
  },
});

Deno.test({
  ...options,
  name: "a suppressed domain's keyword is skipped",
  fn: async () => {
    await withDatabase((sql) => sql`insert into public.seo_suppressions (kind, value, reason) values ('domain', 'bench-0361.test', 'test')`);
    const [id] = await addTargets("mx_checker", ["bench-0361.test mx"]);
    await generateAll();
    const [target] = await targets([id!]);
    assert.equal(target!.skipReason, "suppressed");
  },
});

Deno.test({
  ...options,
  name: "the refresh: a due page is looked at again; lastmod moves only when its content changed",
  fn: async () => {
    const ids = await addTargets("mx_checker", ["bench-0362.test mx", "bench-0363.test mx"]);
    await generateAll();
    const [same, changed] = await Promise.all((await targets(ids)).map((row) => page(row.pageId!)));
    await withDatabase((sql) => sql`
      update public.seo_landing_pages
      set change_freq = 'daily', refreshed_at = now() - interval '2 days', last_updated = now() - interval '2 days',
        content_hash = case when id = ${changed!.id}::uuid then repeat('0', 64) else content_hash end
      where id in (${same!.id}, ${changed!.id})
    `);
    assert.ok((await refreshStalePages(1000)) >= 2);
    const [sameAfter, changedAfter] = await Promise.all([page(same!.id), page(changed!.id)]);
    const twoDaysAgo = Date.now() - 86_400_000;
    assert.ok(sameAfter.refreshedAt.getTime() > twoDaysAgo && changedAfter.refreshedAt.getTime() > twoDaysAgo);
    assert.ok(sameAfter.lastUpdated.getTime() < twoDaysAgo, "unchanged content keeps its lastmod");
    assert.equal(sameAfter.contentHash, same!.contentHash);
    assert.ok(changedAfter.lastUpdated.getTime() > twoDaysAgo, "changed content moves its lastmod");
    assert.equal(changedAfter.contentHash, changed!.contentHash);
    await refreshStalePages(1000);
    assert.equal((await page(same!.id)).refreshedAt.getTime(), sameAfter.refreshedAt.getTime(), "a fresh page is not due");
  },
});

Deno.test({
  ...options,
  name: "the refresh worker: 401 without the shared secret; with it, it refreshes the due pages",
  fn: async () => {
    const refused = await fetch(`${gateway}/functions/v1/seo-refresh-worker`, { method: "POST", body: "{}" });
    assert.equal(refused.status, 401, await refused.text());
    const [id] = await addTargets("domain_verify", ["bench-0364.test"]);
    await generateAll();
    const [target] = await targets([id!]);
    await withDatabase((sql) => sql`
      update public.seo_landing_pages set change_freq = 'hourly', refreshed_at = now() - interval '2 hours'
      where id = ${target!.pageId}
    `);
    const summary = await runWorker(`${gateway}/functions/v1/seo-refresh-worker`);
    assert.ok(Number(summary.refreshed) >= 1, JSON.stringify(summary));
    assert.ok((await page(target!.pageId!)).refreshedAt.getTime() > Date.now() - 3_600_000);
  },
});
