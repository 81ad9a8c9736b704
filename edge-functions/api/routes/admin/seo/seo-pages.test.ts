// The SEO dashboard's figures and landing pages against the running stack: the stats formula, the list (every page,
// newest first, with its conversion rate), the indexable switch, regeneration and deletion, each audited.
import assert from "node:assert/strict";
import { adminSeoPageSchema, seoStatsSchema } from "../../../../_shared/seo/index.ts";
import { assertAdminOnly, auditOf } from "../../../testing/marketing.ts";
import { insertPage } from "../../../testing/seo.ts";
import { assertError, call, signedInAdmin, withDatabase } from "../../../testing/stack.ts";

const pagesOf = (json: unknown) => adminSeoPageSchema.array().parse((json as { pages: unknown }).pages);

Deno.test("every SEO route answers a visitor 401 and a user who is not an admin 403", async () => {
  const id = crypto.randomUUID();
  await assertAdminOnly("/api/admin/seo/stats");
  await assertAdminOnly("/api/admin/seo/pages");
  await assertAdminOnly(`/api/admin/seo/pages/${id}`, "PATCH");
  await assertAdminOnly(`/api/admin/seo/pages/${id}/regenerate`, "POST");
  await assertAdminOnly(`/api/admin/seo/pages/${id}`, "DELETE");
  await assertAdminOnly("/api/admin/seo/keywords");
  await assertAdminOnly("/api/admin/seo/keywords", "POST");
  await assertAdminOnly("/api/admin/seo/generate-bulk", "POST");
  await assertAdminOnly("/api/admin/seo/removal-requests");
  await assertAdminOnly(`/api/admin/seo/removal-requests/${id}/decision`, "POST");
});

Deno.test("stats: pages, views and conversions over unremoved pages; the rate is the mean over pages with views", async () => {
  const admin = await signedInAdmin();
  const before = seoStatsSchema.parse((await call("/api/admin/seo/stats", { token: admin.token })).json);
  // Rates 25.0, 33.3 and 10.0; a page without views and a removed page count for nothing in the mean.
  for (
    const fixture of [
      { views: 4, conversions: 1 },
      { views: 3, conversions: 1 },
      { views: 10, conversions: 1 },
      { views: 0, conversions: 0 },
      { views: 50, conversions: 50, removed: true },
    ]
  ) await insertPage(fixture);

  const response = await call("/api/admin/seo/stats", { token: admin.token });
  assert.equal(response.status, 200, response.text);
  const stats = seoStatsSchema.parse(response.json);
  assert.equal(stats.totalPages - before.totalPages, 4);
  assert.equal(stats.totalViews - before.totalViews, 17);
  assert.equal(stats.totalConversions - before.totalConversions, 3);
  // The mean over every unremoved page with views, worked out here from the rows themselves.
  const rates = await withDatabase((sql) =>
    sql<{ views: number; conversions: number }[]>`
      select views, conversions from public.seo_landing_pages where removed_at is null and views > 0
    `
  );
  const mean = rates.reduce((sum, page) => sum + page.conversions / page.views * 100, 0) / rates.length;
  assert.ok(Math.abs(stats.avgConversionRate - mean) <= 0.05 + 1e-9, `${stats.avgConversionRate} is not ${mean}`);
  assert.equal(stats.avgConversionRate, Number(stats.avgConversionRate.toFixed(1)));
});

Deno.test("pages: every page newest first, switched off and removed ones too, with its rate; limit checked", async () => {
  const admin = await signedInAdmin();
  const plain = await insertPage({ views: 3, conversions: 1 });
  const hidden = await insertPage({ pageType: "mx_checker", isIndexable: false });
  const removed = await insertPage({ removed: true, views: 8, conversions: 1 });

  const response = await call("/api/admin/seo/pages?limit=3", { token: admin.token });
  assert.equal(response.status, 200, response.text);
  const pages = pagesOf(response.json);
  assert.deepEqual(pages.map((page) => page.id), [removed, hidden, plain]);
  const [last, middle, first] = pages;
  assert.equal(first!.conversionRate, 33.3);
  assert.equal(middle!.conversionRate, 0);
  assert.equal(middle!.isIndexable, false);
  assert.equal(middle!.path, `/tools/mx-checker/${middle!.slug}`);
  assert.equal(last!.conversionRate, 12.5);
  assert.ok(last!.removedAt);

  assert.equal(pagesOf((await call("/api/admin/seo/pages", { token: admin.token })).json).length <= 50, true);
  for (const [limit, message] of [
    ["0", "limit must be 1 or more"],
    ["1001", "limit must be at most 1000"],
    ["x", "limit must be a number"],
    ["1.5", "limit must be a whole number"],
  ]) {
    assertError(await call(`/api/admin/seo/pages?limit=${limit}`, { token: admin.token }), 400, `limit: ${message}`);
  }
});

Deno.test("a page is switched off and on (200, audited once per change); bad bodies 400; unknown ids 404", async () => {
  const admin = await signedInAdmin();
  const id = await insertPage();
  const path = `/api/admin/seo/pages/${id}`;

  const off = await call(path, { method: "PATCH", token: admin.token, body: { isIndexable: false } });
  assert.equal(off.status, 200, off.text);
  assert.equal(adminSeoPageSchema.parse(off.json).isIndexable, false);
  const again = await call(path, { method: "PATCH", token: admin.token, body: { isIndexable: false } });
  assert.equal(again.status, 200, again.text);
  const on = await call(path, { method: "PATCH", token: admin.token, body: { isIndexable: true } });
  assert.equal(adminSeoPageSchema.parse(on.json).isIndexable, true);
  assert.deepEqual(await auditOf(id), [
    { action: "seo.page_updated", actorId: admin.id },
    { action: "seo.page_updated", actorId: admin.id },
  ]);

  for (const body of [{}, { isIndexable: "yes" }, { isIndexable: null }]) {
    assertError(
      await call(path, { method: "PATCH", token: admin.token, body }),
      400,
      "isIndexable: isIndexable must be true or false",
    );
  }
  assertError(await call(path, { method: "PATCH", token: admin.token, rawBody: "{" }), 400, "Request body must be JSON");
  for (const unknown of [crypto.randomUUID(), "not-a-uuid"]) {
    assertError(
      await call(`/api/admin/seo/pages/${unknown}`, { method: "PATCH", token: admin.token, body: { isIndexable: true } }),
      404,
      "Page not found",
    );
  }
});

Deno.test("a deleted page is gone (204, audited) and its keyword target stays generated, so bulk runs skip it", async () => {
  const admin = await signedInAdmin();
  const id = await insertPage();
  const [target] = await withDatabase((sql) =>
    sql<{ id: string }[]>`
      with target as (
        insert into public.seo_keyword_targets (keyword, page_type, is_generated, page_id, generated_at)
        values (${`delete test ${crypto.randomUUID()}`}, 'domain_verify', true, ${id}, now())
        returning id
      )
      update public.seo_landing_pages set keyword_target_id = (select id from target) where id = ${id}
      returning (select id from target) as id
    `
  );

  const deleted = await call(`/api/admin/seo/pages/${id}`, { method: "DELETE", token: admin.token });
  assert.equal(deleted.status, 204, deleted.text);
  assert.deepEqual(await auditOf(id), [{ action: "seo.page_deleted", actorId: admin.id }]);
  const [left] = await withDatabase((sql) =>
    sql<{ is_generated: boolean; page_id: string | null; pages: number }[]>`
      select k.is_generated, k.page_id, (select count(*)::int from public.seo_landing_pages where id = ${id}) as pages
        from public.seo_keyword_targets as k where k.id = ${target!.id}
    `
  );
  assert.deepEqual(left, { is_generated: true, page_id: null, pages: 0 });

  assertError(await call(`/api/admin/seo/pages/${id}`, { method: "DELETE", token: admin.token }), 404, "Page not found");
  assertError(await call("/api/admin/seo/pages/42", { method: "DELETE", token: admin.token }), 404, "Page not found");
});
