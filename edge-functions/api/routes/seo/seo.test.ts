// /api/seo against the running stack: a published page and every refusal, views and conversions counted once per
// visitor and day (crawlers never), removal by the mailed link (read from the mail catcher) or left to an admin, and
// the removal form's limit. Pages are arranged in the database as generation stores them.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { removalRequestAnswerSchema, seoPagePath, seoPageSchema, type SeoPageType } from "../../../_shared/contracts/seo.ts";
import { REMOVAL_ANSWERS, viewSeoPage } from "../../../_shared/seo/index.ts";
import { waitForMail } from "../../testing/mail.ts";
import {
  assertError,
  assertRateLimited,
  call,
  forgetRateLimits,
  newSessionId,
  signedInAdmin,
  withDatabase,
} from "../../testing/stack.ts";

const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
/** Every test request reaches the gateway from 127.0.0.1: the removal form's limit counts its network. */
const LOOPBACK_NETWORK = "network:127.0.0.0";

/** A fresh domain of its own for each test, so tests never share a page. */
function newDomain(): string {
  return `seo-${crypto.randomUUID().slice(0, 8)}.test`;
}

interface PageSetup {
  pageType?: SeoPageType;
  slug?: string;
  entityDomain?: string;
  isIndexable?: boolean;
  removed?: boolean;
}

/** A landing page as generation stores it: its id and slug. */
async function landingPage({ pageType = "domain_verify", slug, entityDomain, isIndexable = true, removed = false }: PageSetup = {}) {
  const domain = entityDomain ?? newDomain();
  const pageSlug = slug ?? domain;
  const [row] = await withDatabase((sql) => sql<{ id: string }[]>`
    insert into public.seo_landing_pages (
      page_type, slug, target_keyword, entity_domain, target_entity, title, meta_description, h1, content, schema_markup,
      is_indexable, removed_at
    ) values (
      ${pageType}, ${pageSlug}, ${`verify ${pageSlug}`}, ${domain}, ${pageSlug}, ${`Verify ${pageSlug}`},
      ${`Can mail reach ${pageSlug}? Its MX records and policies.`}, ${`Is ${pageSlug} deliverable?`},
      ${`<p>${pageSlug} accepts mail.</p>`}, ${sql.json({ "@context": "https://schema.org", "@type": "WebPage" })},
      ${isIndexable}, ${removed ? new Date() : null}
    ) returning id
  `);
  return { id: row!.id, slug: pageSlug, domain, pageType, path: seoPagePath(pageType, pageSlug) };
}

async function counters(pageId: string) {
  return await withDatabase(async (sql) => {
    const [page] = await sql<{ views: number; conversions: number }[]>`
      select views, conversions from public.seo_landing_pages where id = ${pageId}
    `;
    const [metrics] = await sql<{ views: number; conversions: number }[]>`
      select coalesce(sum(views), 0)::int as views, coalesce(sum(conversions), 0)::int as conversions
        from public.seo_metrics where page_id = ${pageId}
    `;
    return { page: page!, metrics: metrics! };
  });
}

async function assertCounted(pageId: string, views: number, conversions: number) {
  assert.deepEqual(await counters(pageId), { page: { views, conversions }, metrics: { views, conversions } });
}

function view(pageType: string, slug: string, headers: Record<string, string> = {}, token?: string) {
  return call(`/api/seo/${pageType}/${encodeURIComponent(slug)}`, { headers: { "user-agent": FIREFOX, ...headers }, token });
}

function convert(pageId: string, headers: Record<string, string> = {}) {
  return call(`/api/seo/conversion/${pageId}`, { method: "POST", headers: { "user-agent": FIREFOX, ...headers } });
}

Deno.test("GET /api/seo/{pageType}/{slug}: the published page, never cached, in any spelling of its slug", async () => {
  const page = await landingPage({ pageType: "mx_checker" });
  for (const slug of [page.slug, page.slug.toUpperCase(), `${page.slug}.`]) {
    const response = await view("mx_checker", slug, { "x-session-id": newSessionId() });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.headers.get("cache-control"), "no-store");
    const body = seoPageSchema.strict().parse(response.json);
    assert.equal(body.id, page.id);
    assert.equal(body.slug, page.slug);
    assert.equal(body.pageType, "mx_checker");
    assert.equal(body.title, `Verify ${page.slug}`);
    assert.deepEqual(body.schemaMarkup, { "@context": "https://schema.org", "@type": "WebPage" });
    assert.ok(body.canonicalUrl.endsWith(`/tools/mx-checker/${page.slug}`), body.canonicalUrl);
  }
});

Deno.test("GET /api/seo/{pageType}/{slug}: 404 for another type, a missing or switched-off page; 410 once removed", async () => {
  const page = await landingPage();
  const off = await landingPage({ isIndexable: false });
  const removed = await landingPage({ removed: true });
  assertError(await view("domain_verify", newDomain()), 404, "Page not found");
  assertError(await view("mx_checker", page.slug), 404, "Page not found");
  assertError(await view("blog", page.slug), 404, "Page not found");
  assertError(await view("domain_verify", "not a domain"), 404, "Page not found");
  assertError(await view("domain_verify", off.slug), 404, "Page not found");
  assertError(await view("domain_verify", removed.slug), 410, "This page has been removed");
  const badSession = await view("domain_verify", page.slug, { "x-session-id": "short" });
  assert.equal(badSession.status, 400, badSession.text);
  await assertCounted(off.id, 0, 0);
  await assertCounted(page.id, 0, 0);
});

Deno.test("GET /api/seo/...: a view counts once per visitor and day; crawlers never; an admin like anyone", async () => {
  const page = await landingPage();
  const [first, second] = [newSessionId(), newSessionId()];
  const viewAs = async (headers: Record<string, string>, token?: string) => {
    const response = await view("domain_verify", page.slug, headers, token);
    assert.equal(response.status, 200, response.text);
  };
  await viewAs({ "x-session-id": first });
  await viewAs({ "x-session-id": first });
  await assertCounted(page.id, 1, 0);
  await viewAs({ "x-session-id": second });
  await assertCounted(page.id, 2, 0);
  // A HEAD request reads no page, so it counts no view.
  const head = await call(`/api/seo/domain_verify/${encodeURIComponent(page.slug)}`, {
    method: "HEAD",
    headers: { "user-agent": FIREFOX, "x-session-id": newSessionId() },
  });
  assert.equal(head.status, 200, head.text);
  await assertCounted(page.id, 2, 0);
  // A crawler, with a session or without.
  await viewAs({ "x-session-id": newSessionId(), "user-agent": GOOGLEBOT });
  await viewAs({ "user-agent": GOOGLEBOT });
  await assertCounted(page.id, 2, 0);
  // Without a session the visitor is the address and user agent: the same twice is one visitor, another agent another.
  await viewAs({});
  await viewAs({});
  await assertCounted(page.id, 3, 0);
  await viewAs({ "user-agent": `${FIREFOX} other` });
  await assertCounted(page.id, 4, 0);
  // An admin previewing the page is a visitor like any other.
  const admin = await signedInAdmin();
  await viewAs({ "x-session-id": newSessionId() }, admin.token);
  await assertCounted(page.id, 5, 0);
  // No address is kept: only hashes.
  const hashes = await withDatabase((sql) => sql<{ visitor_hash: string }[]>`
    select visitor_hash from public.seo_page_visits where page_id = ${page.id}
  `);
  assert.equal(hashes.length, 5);
  for (const { visitor_hash } of hashes) assert.match(visitor_hash, /^[0-9a-f]{64}$/);
});

Deno.test({
  name: "viewSeoPage: the same visitor is counted again the next day (the clock passed in)",
  // The domain's pool stays open, as it would in the function.
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const page = await landingPage();
    const visitor = { sessionId: newSessionId(), clientIp: "127.0.0.1", userAgent: FIREFOX };
    const today = new Date();
    const tomorrow = new Date(today.getTime() + 86_400_000);
    await viewSeoPage("domain_verify", page.slug, visitor, today);
    await viewSeoPage("domain_verify", page.slug, visitor, today);
    await assertCounted(page.id, 1, 0);
    await viewSeoPage("domain_verify", page.slug, visitor, tomorrow);
    await viewSeoPage("domain_verify", page.slug, visitor, tomorrow);
    await assertCounted(page.id, 2, 0);
    const days = await withDatabase((sql) => sql<{ day: string; views: number }[]>`
      select to_char(date, 'YYYY-MM-DD') as day, views from public.seo_metrics where page_id = ${page.id} order by date
    `);
    assert.deepEqual([...days], [
      { day: today.toISOString().slice(0, 10), views: 1 },
      { day: tomorrow.toISOString().slice(0, 10), views: 1 },
    ]);
  },
});

Deno.test("POST /api/seo/conversion/{pageId}: 204, counted once per visitor and day; 404 for no published page", async () => {
  const page = await landingPage();
  const removed = await landingPage({ removed: true });
  const off = await landingPage({ isIndexable: false });
  const [first, second] = [newSessionId(), newSessionId()];
  for (const session of [first, first, second]) {
    const response = await convert(page.id, { "x-session-id": session });
    assert.equal(response.status, 204, response.text);
  }
  const bot = await convert(page.id, { "x-session-id": newSessionId(), "user-agent": GOOGLEBOT });
  assert.equal(bot.status, 204, bot.text);
  await assertCounted(page.id, 0, 2);
  for (const id of [removed.id, off.id, crypto.randomUUID(), "not-a-uuid"]) {
    assertError(await convert(id, { "x-session-id": newSessionId() }), 404, "Page not found");
  }
  await assertCounted(removed.id, 0, 0);
});

Deno.test("POST /api/seo/conversion/{pageId}: 429 past 30 a minute for one visitor", async () => {
  const page = await landingPage();
  const session = newSessionId();
  for (let i = 0; i < 30; i++) {
    const response = await convert(page.id, { "x-session-id": session });
    assert.equal(response.status, 204, response.text);
  }
  const refused = await convert(page.id, { "x-session-id": session });
  assertRateLimited(refused, 30);
  assert.match((refused.json as { message: string }).message, /^Too many conversions: at most 30 a minute\. Please try again in/);
  await assertCounted(page.id, 0, 1);
});

function requestRemoval(body: unknown) {
  return call("/api/seo/removal-requests", { body });
}

async function removalRequest(url: string) {
  const [row] = await withDatabase((sql) => sql<{ status: string; token_hash: string | null; page_id: string | null }[]>`
    select status, token_hash, page_id from public.seo_removal_requests where url = ${url}
  `);
  return row!;
}

Deno.test("removal by mail: the link at the page's domain removes the page (410) and suppresses its domain", async () => {
  await forgetRateLimits(LOOPBACK_NETWORK);
  const page = await landingPage();
  const sibling = await landingPage({ pageType: "mx_checker", entityDomain: page.domain });
  const email = `postmaster@mail.${page.domain}`;
  const answer = await requestRemoval({ url: page.path, email, reason: "This is our company's domain." });
  assert.equal(answer.status, 202, answer.text);
  assert.deepEqual(removalRequestAnswerSchema.parse(answer.json), {
    status: "awaiting_confirmation",
    message: REMOVAL_ANSWERS.awaiting_confirmation,
  });

  const mail = await waitForMail(email, (found) => found.subject === "Confirm the removal of a MailScout page");
  const token = /\/seo-removal\/([A-Za-z0-9_-]{43})\b/.exec(mail.text)?.[1];
  assert.ok(token, mail.text);
  assert.match(mail.text, /expires in 48 hours/);
  // Only the token's hash is stored.
  const stored = await removalRequest(page.path);
  assert.deepEqual(stored, {
    status: "awaiting_confirmation",
    token_hash: createHash("sha256").update(token).digest("hex"),
    page_id: page.id,
  });

  const confirmed = await call("/api/seo/removal-requests/confirm", { body: { token } });
  assert.equal(confirmed.status, 200, confirmed.text);
  assert.deepEqual(confirmed.json, { status: "removed", path: page.path });
  assertError(await view("domain_verify", page.slug), 410, "This page has been removed");
  assertError(await view("mx_checker", sibling.slug), 410, "This page has been removed");
  const suppressions = await withDatabase((sql) => sql<{ kind: string }[]>`
    select kind from public.seo_suppressions where value = ${page.domain}
  `);
  assert.deepEqual([...suppressions], [{ kind: "domain" }]);
  assert.equal((await removalRequest(page.path)).status, "removed");

  // The link works once.
  const again = await call("/api/seo/removal-requests/confirm", { body: { token } });
  assertError(again, 404, "This removal link is invalid or has expired");
});

Deno.test("POST /api/seo/removal-requests/confirm: 404 for an unknown or expired token; 400 for a bad body", async () => {
  await forgetRateLimits(LOOPBACK_NETWORK);
  const page = await landingPage();
  const email = `owner@${page.domain}`;
  assert.equal((await requestRemoval({ url: page.path, email, reason: "Ours." })).status, 202);
  const mail = await waitForMail(email, (found) => found.subject === "Confirm the removal of a MailScout page");
  const token = /\/seo-removal\/([A-Za-z0-9_-]{43})\b/.exec(mail.text)![1]!;
  await withDatabase((sql) => sql`
    update public.seo_removal_requests set token_expires_at = now() - interval '1 second' where url = ${page.path}
  `);
  const invalid = "This removal link is invalid or has expired";
  assertError(await call("/api/seo/removal-requests/confirm", { body: { token } }), 404, invalid);
  assertError(await call("/api/seo/removal-requests/confirm", { body: { token: "A".repeat(43) } }), 404, invalid);
  assert.equal((await view("domain_verify", page.slug)).status, 200);
  for (const body of [{}, { token: "" }, { token: 42 }, { token: "x".repeat(201) }]) {
    const response = await call("/api/seo/removal-requests/confirm", { body });
    assert.equal(response.status, 400, response.text);
  }
});

Deno.test("POST /api/seo/removal-requests: anyone else's request, or one for no page, waits for an admin alike", async () => {
  await forgetRateLimits(LOOPBACK_NETWORK);
  const page = await landingPage();
  const pending = { status: "pending_review", message: REMOVAL_ANSWERS.pending_review };
  // The page's absolute address, as a visitor copies it.
  const { canonicalUrl } = seoPageSchema.parse((await view("domain_verify", page.slug)).json);
  const elsewhere = await requestRemoval({ url: canonicalUrl, email: "someone@gmail.com", reason: "Please remove it." });
  assert.equal(elsewhere.status, 202, elsewhere.text);
  assert.deepEqual(elsewhere.json, pending);
  assert.deepEqual(await removalRequest(canonicalUrl), { status: "pending_review", token_hash: null, page_id: page.id });

  // An address at the domain of a page that does not exist: the same answer as for any request an admin reviews.
  const missingDomain = newDomain();
  const missingPath = `/tools/mx-checker/${missingDomain}`;
  const missing = await requestRemoval({ url: missingPath, email: `owner@${missingDomain}`, reason: "Never published?" });
  assert.equal(missing.status, 202, missing.text);
  assert.deepEqual(missing.json, pending);
  assert.deepEqual(await removalRequest(missingPath), { status: "pending_review", token_hash: null, page_id: null });
  assert.equal((await view("domain_verify", page.slug)).status, 200);
});

Deno.test("POST /api/seo/removal-requests: 400 naming url or the field; 429 past 5 an hour per network", async () => {
  await forgetRateLimits(LOOPBACK_NETWORK);
  const page = await landingPage();
  const valid = { url: page.path, email: "someone@example.com", reason: "Please remove it." };
  for (const url of ["/pricing", "https://elsewhere.example/verify/example.com", "/verify/not a domain"]) {
    const response = await requestRemoval({ ...valid, url });
    assert.equal(response.status, 400, response.text);
    assert.match((response.json as { message: string }).message, /^url must be/);
  }
  for (const body of [{ ...valid, email: "not an address" }, { ...valid, reason: "" }, { ...valid, url: 7 }]) {
    const response = await requestRemoval(body);
    assert.equal(response.status, 400, response.text);
  }
  await forgetRateLimits(LOOPBACK_NETWORK);
  for (let i = 0; i < 5; i++) assert.equal((await requestRemoval(valid)).status, 202);
  const refused = await requestRemoval(valid);
  assertRateLimited(refused, 5);
  assert.match((refused.json as { message: string }).message, /^Too many removal requests: at most 5 an hour\. Please try again in/);
  await forgetRateLimits(LOOPBACK_NETWORK);
});
