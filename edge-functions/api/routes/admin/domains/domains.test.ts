// The domain tab against the running stack: what is known of a domain (an exploration, a cached DNS verdict),
// re-exploring one through the fixture's sites, and purging one. Visitors and users are refused by the guard
// (lib/require-admin.test.ts calls every admin route as both).
import assert from "node:assert/strict";
import { adminDomainsPageSchema, purgeAnswerSchema, reexploreAnswerSchema } from "../../../../_shared/admin/index.ts";
import { assertError, call, signedInAdmin, withDatabase } from "../../../testing/stack.ts";

const unique = () => `admin-${crypto.randomUUID().slice(0, 8)}.test`;

Deno.test("a cached DNS verdict is listed, searched, counted, and purged once", async () => {
  const admin = await signedInAdmin();
  const domain = unique();
  await withDatabase((sql) =>
    sql`
      insert into public.mail_domain_cache (domain, lookup, expires_at)
      values (${domain}, '{"kind": "null_mx"}', now() + interval '1 hour')
    `
  );
  const response = await call(`/api/admin/domains?search=${domain.slice(0, 14).toUpperCase()}`, { token: admin.token });
  assert.equal(response.status, 200, response.text);
  const page = adminDomainsPageSchema.parse(response.json);
  assert.deepEqual(page.domains.map((row) => [row.domain, row.dnsVerdict, row.exploredAt]), [[domain, "null_mx", null]]);
  assert.ok(page.counts.byVerdict.null_mx! >= 1);

  const purged = await call(`/api/admin/domains/${domain}`, { method: "DELETE", token: admin.token });
  assert.equal(purged.status, 200, purged.text);
  assert.deepEqual(purgeAnswerSchema.parse(purged.json), {
    domain,
    explorations: 0,
    discoveredEmails: 0,
    dnsAnswers: 1,
    validations: 0,
  });
  assertError(await call(`/api/admin/domains/${domain}`, { method: "DELETE", token: admin.token }), 404, "Domain not found");
  assertError(await call("/api/admin/domains/not a domain", { method: "DELETE", token: admin.token }), 404, "Domain not found");
});

Deno.test("a re-exploration crawls afresh, is kept and audited, and the domain's list row shows it", async () => {
  const admin = await signedInAdmin();
  const response = await call("/api/admin/domains/acme-corp.test/explore", { method: "POST", token: admin.token });
  assert.equal(response.status, 200, response.text);
  const answer = reexploreAnswerSchema.parse(response.json);
  assert.equal(answer.domain, "acme-corp.test");
  assert.ok(Date.now() - Date.parse(answer.exploredAt) < 60_000);

  const page = adminDomainsPageSchema.parse((await call("/api/admin/domains?search=acme-corp.test", { token: admin.token })).json);
  const row = page.domains.find((domain) => domain.domain === "acme-corp.test");
  assert.equal(row?.exploredAt, answer.exploredAt);
  assert.equal(row?.discoveredEmails, answer.discoveredEmails);
  const audit = await call("/api/admin/audit-log", { token: admin.token });
  assert.ok(audit.text.includes('"domain.reexplored"'));
});

Deno.test("domains page in order, each page after the last one's cursor", async () => {
  const admin = await signedInAdmin();
  const prefix = `page-${crypto.randomUUID().slice(0, 6)}`;
  await withDatabase((sql) =>
    sql`
      insert into public.mail_domain_cache (domain, lookup, expires_at)
      select ${prefix} || '-' || lpad(n::text, 3, '0') || '.test', '{"kind": "mx"}', now() + interval '1 hour'
      from generate_series(1, 60) as n
    `
  );
  const first = adminDomainsPageSchema.parse((await call(`/api/admin/domains?search=${prefix}`, { token: admin.token })).json);
  assert.equal(first.domains.length, 50);
  assert.equal(first.nextCursor, `${prefix}-050.test`);
  const second = adminDomainsPageSchema.parse(
    (await call(`/api/admin/domains?search=${prefix}&cursor=${first.nextCursor}`, { token: admin.token })).json,
  );
  assert.deepEqual(second.domains.map((row) => row.domain).slice(0, 2), [`${prefix}-051.test`, `${prefix}-052.test`]);
  assert.equal(second.nextCursor, null);
});
