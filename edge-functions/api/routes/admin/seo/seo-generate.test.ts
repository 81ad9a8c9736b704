// Bulk generation and regeneration through the admin routes, against the running stack and its fixture DNS: runs
// repeated and run at once make the same pages, never twice; the counts add up and remaining falls to 0; a page the
// privacy rule now refuses is removed on regeneration (409).
import assert from "node:assert/strict";
import { adminSeoPageSchema, generateBulkResultSchema, type GenerateBulkResult } from "../../../../_shared/seo/index.ts";
import { auditOf } from "../../../testing/marketing.ts";
import { mailDomain } from "../../../testing/seo.ts";
import { assertError, call, signedInAdmin, withDatabase } from "../../../testing/stack.ts";

const PATH = "/api/admin/seo/generate-bulk";

async function generate(token: string, body?: unknown): Promise<GenerateBulkResult> {
  const response = await call(PATH, { method: "POST", token, body });
  assert.equal(response.status, 200, response.text);
  return generateBulkResultSchema.parse(response.json);
}

/** Runs until nothing waits, adding up what the runs did. */
async function generateAll(token: string, limit: number): Promise<{ generated: number; skipped: number }> {
  const done = { generated: 0, skipped: 0 };
  for (;;) {
    const run = await generate(token, { limit });
    done.generated += run.generatedCount;
    done.skipped += run.skippedCount;
    if (run.remaining === 0) return done;
  }
}

async function addKeywords(token: string, keywords: string[], pageType = "mx_checker"): Promise<void> {
  for (const keyword of keywords) {
    const response = await call("/api/admin/seo/keywords", { token, body: { keyword, pageType } });
    assert.equal(response.status, 201, response.text);
  }
}

/** Each keyword's outcome and every page of the given domains, as stored. */
async function stored(keywords: string[], domains: string[]) {
  return await withDatabase(async (sql) => ({
    targets: await sql<{ keyword: string; is_generated: boolean; skip_reason: string | null; page_id: string | null }[]>`
      select keyword, is_generated, skip_reason, page_id from public.seo_keyword_targets
       where keyword in ${sql(keywords)} order by keyword
    `,
    pages: await sql<{ id: string; slug: string }[]>`
      select id, slug from public.seo_landing_pages where entity_domain in ${sql(domains)} order by slug
    `,
  }));
}

Deno.test("generate-bulk: the limit is checked (400 naming it); no body means the default", async () => {
  const admin = await signedInAdmin();
  for (const limit of [0, 1001, "x", 2.5]) {
    const response = await call(PATH, { method: "POST", token: admin.token, body: { limit } });
    assert.equal(response.status, 400, response.text);
    assert.match((response.json as { message: string }).message, /^limit: limit must be/);
  }
  assertError(await call(PATH, { method: "POST", token: admin.token, rawBody: "{" }), 400, "Request body must be JSON");
  await generateAll(admin.token, 1000);
  const response = await call(PATH, { method: "POST", token: admin.token });
  assert.equal(response.status, 200, response.text);
  assert.deepEqual(generateBulkResultSchema.parse(response.json), { generatedCount: 0, skippedCount: 0, remaining: 0 });
});

Deno.test("generate-bulk run in small steps, then again: the same pages, counts adding up, remaining falling to 0", async () => {
  const admin = await signedInAdmin();
  await generateAll(admin.token, 1000);
  const domains = [mailDomain(), mailDomain(), mailDomain()];
  const keywords = [
    ...domains.map((domain) => `mx records ${domain}`),
    // The same domain again under another keyword: linked to the same page, not a second one.
    `${domains[0]} mx lookup`,
    // No domain at all: skipped.
    `best mx checker ${crypto.randomUUID().slice(0, 8)}`,
  ];
  await addKeywords(admin.token, keywords);

  const first = await generate(admin.token, { limit: 2 });
  assert.equal(first.generatedCount + first.skippedCount, 2);
  assert.equal(first.remaining, keywords.length - 2);
  const rest = await generateAll(admin.token, 2);
  assert.deepEqual(
    { generated: first.generatedCount + rest.generated, skipped: first.skippedCount + rest.skipped },
    { generated: 4, skipped: 1 },
  );
  const after = await stored(keywords, domains);
  assert.equal(after.pages.length, 3);
  assert.equal(new Set(after.targets.map((target) => target.page_id).filter(Boolean)).size, 3);
  assert.ok(after.targets.every((target) => target.is_generated !== (target.skip_reason !== null)));

  assert.deepEqual(await generate(admin.token, { limit: 1000 }), { generatedCount: 0, skippedCount: 0, remaining: 0 });
  assert.deepEqual(await stored(keywords, domains), after);
});

Deno.test("two generate-bulk runs at once share the work: each target once, each page once", async () => {
  const admin = await signedInAdmin();
  await generateAll(admin.token, 1000);
  const domains = Array.from({ length: 8 }, () => mailDomain());
  const keywords = domains.map((domain) => `check mx of ${domain}`);
  await addKeywords(admin.token, keywords);

  const runs = await Promise.all([generate(admin.token, { limit: 1000 }), generate(admin.token, { limit: 1000 })]);
  assert.equal(runs.reduce((sum, run) => sum + run.generatedCount + run.skippedCount, 0), keywords.length);
  // Each run says what waited when it ended; once both have, nothing does.
  assert.deepEqual(await generate(admin.token, { limit: 1000 }), { generatedCount: 0, skippedCount: 0, remaining: 0 });
  const after = await stored(keywords, domains);
  assert.equal(after.pages.length, domains.length);
  assert.equal(new Set(after.pages.map((page) => page.slug)).size, domains.length);
  assert.ok(after.targets.every((target) => target.is_generated && target.page_id));
});

Deno.test("regenerate: the page again (200, audited); removed once its domain is suppressed (409); unknown 404", async () => {
  const admin = await signedInAdmin();
  await generateAll(admin.token, 1000);
  const domain = mailDomain();
  await addKeywords(admin.token, [`is ${domain} deliverable`], "domain_verify");
  await generateAll(admin.token, 1000);
  const { pages: [page] } = await stored([`is ${domain} deliverable`], [domain]);
  const path = `/api/admin/seo/pages/${page!.id}/regenerate`;

  const regenerated = await call(path, { method: "POST", token: admin.token });
  assert.equal(regenerated.status, 200, regenerated.text);
  const answered = adminSeoPageSchema.parse(regenerated.json);
  assert.equal(answered.id, page!.id);
  assert.equal(answered.removedAt, null);

  await withDatabase((sql) => sql`insert into public.seo_suppressions (kind, value, reason) values ('domain', ${domain}, 'test')`);
  assertError(
    await call(path, { method: "POST", token: admin.token }),
    409,
    "This page was removed: the privacy rule no longer allows publishing it",
  );
  const [removed] = await withDatabase((sql) =>
    sql<{ removed: boolean }[]>`select removed_at is not null as removed from public.seo_landing_pages where id = ${page!.id}`
  );
  assert.deepEqual(removed, { removed: true });
  assert.deepEqual(await auditOf(page!.id), [
    { action: "seo.page_regenerated", actorId: admin.id },
    { action: "seo.page_regenerated", actorId: admin.id },
  ]);

  for (const unknown of [crypto.randomUUID(), "nope"]) {
    assertError(
      await call(`/api/admin/seo/pages/${unknown}/regenerate`, { method: "POST", token: admin.token }),
      404,
      "Page not found",
    );
  }
});
