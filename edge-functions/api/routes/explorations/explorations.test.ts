// POST /api/scrape-domain against the running stack: the gateway in front, the DNS fixture behind DNS_SERVERS (zones in
// _shared/dns/testing/zones.ts), the fixture proxy behind OUTBOUND_HTTP_PROXY serving the fixture sites by host
// (_shared/explorations/testing/sites/), the real database. The proxy's request log, read from the test, proves what left
// the explorer and what never did. Most tests run signed in (not counted) and forget the domain's kept exploration
// first, so each crawls afresh; the anonymous tests set the loopback network's counter first, as validate-email's do.
import assert from "node:assert/strict";
import { limitReachedSchema } from "../../../_shared/anonymous/index.ts";
import {
  INVALID_DOMAIN_MESSAGE,
  type ScrapeResult,
  scrapeResultSchema,
} from "../../../_shared/explorations/index.ts";
import type { ProxiedRequest } from "../../../_shared/explorations/testing/fixture-proxy.ts";
import {
  allowanceUsedUp,
  type Answer,
  assertError,
  assertRateLimited,
  call,
  forgetRateLimits,
  loopbackNetworkUsage,
  NETWORK_LIMIT,
  newSessionId,
  requiredEnv,
  SESSION_LIMIT,
  setLoopbackNetworkUsage,
  signedInUser,
  withDatabase,
} from "../../testing/stack.ts";
import { grantCredits, ledgerUnits, useUpTrial } from "../../testing/credits.ts";

const user = await signedInUser();
// The file's one user explores far more than a trial's twenty.
await grantCredits(user.id, 1_000);
const proxy = requiredEnv("OUTBOUND_HTTP_PROXY").replace(/\/+$/, "");

interface Options {
  token?: string;
  sessionId?: string;
}

async function scrape(body: Record<string, unknown>, options: Options = {}) {
  // The file's one user explores far more often than a person could: its limits start clean before each request.
  await forgetRateLimits(`user:${user.id}`);
  return await call("/api/scrape-domain", {
    body,
    token: options.token,
    headers: options.sessionId ? { "x-session-id": options.sessionId } : {},
  });
}

function resultOf(answer: Answer): ScrapeResult {
  assert.equal(answer.status, 200, answer.text);
  return scrapeResultSchema.parse(answer.json);
}

/** A signed-in exploration of `domain` that must answer 200. */
async function explore(domain: string, options: { enableScraping?: boolean; fullDataCollection?: boolean } = {}) {
  return resultOf(await scrape({ domain, ...options }, { token: user.token }));
}

/** The domain's kept exploration is dropped, so the next request crawls. */
async function forget(domain: string): Promise<void> {
  await withDatabase((sql) => sql`delete from public.scraped_domains where domain = ${domain}`);
}

async function proxyLog(): Promise<ProxiedRequest[]> {
  const response = await fetch(`${proxy}/requests`);
  assert.equal(response.status, 200);
  return await response.json();
}

/** What reached the proxy while `work` ran. */
async function requestsDuring<T>(work: () => Promise<T>): Promise<{ value: T; requests: ProxiedRequest[] }> {
  const before = (await proxyLog()).length;
  const value = await work();
  return { value, requests: (await proxyLog()).slice(before) };
}

const hostsOf = (requests: ProxiedRequest[]) => [...new Set(requests.map((request) => request.host))].sort();

// Website statuses ---------------------------------------------------------------------------------------------------

Deno.test("a live company site: its people with titles and phones, registration and address pattern", async () => {
  await forget("acme-corp.test");
  const result = await explore("  https://www.Acme-Corp.test/about?ref=mail ");
  assert.equal(result.domain, "acme-corp.test", "normalised: lower-cased, without scheme, path or www.");
  assert.equal(result.partial, false);
  const { domainInfo } = result;
  assert.equal(domainInfo.websiteStatus, "live", domainInfo.statusMessage);
  assert.deepEqual(
    [domainInfo.registrar, domainInfo.creationDate, domainInfo.expirationDate],
    ["MarkMonitor Inc.", "2009-03-14T17:22:05.000Z", "2027-03-14T17:22:05.000Z"],
    "from the fixture RDAP server, which the fixture's IANA registry names for .test",
  );
  assert.equal(domainInfo.emailPattern?.pattern, "{first}.{last}");

  const byAddress = new Map(result.emails.map((email) => [email.email, email]));
  const staff: [string, string, string | null][] = [
    ["michael.chen@acme-corp.test", "Chief Technology Officer", "+14155550102"],
    ["marcus.brown@acme-corp.test", "Chief Financial Officer", "+14155550103"],
    ["priya.patel@acme-corp.test", "VP of Sales", "+14155550110"],
    ["robert.johnson@acme-corp.test", "Head of Marketing", "+14155550120"],
    ["sofia.garcia@acme-corp.test", "Customer Success Manager", "+14155550130"],
    ["david.kim@acme-corp.test", "Senior Firmware Engineer", null],
    ["laura.schmidt@acme-corp.test", "Managing Director, Acme Corp GmbH (Berlin)", "+4930901820012"],
  ];
  for (const [address, position, phone] of staff) {
    const found = byAddress.get(address);
    assert.ok(found, `${address} is found`);
    assert.deepEqual([found.position, found.phone, found.external], [position, phone, false], address);
    assert.match(found.foundOn, /^https?:\/\/acme-corp\.test\//, address);
  }
  assert.ok(result.pagesVisited.some((page) => /\/about\/team\/?$/.test(page)), result.pagesVisited.join());
});

Deno.test("a parked domain is answered parked", async () => {
  await forget("parked-domain.test");
  const result = await explore("parked-domain.test");
  assert.equal(result.domainInfo.websiteStatus, "parked", result.domainInfo.statusMessage);
  assert.equal(result.domainInfo.registrar, "NameCheap, Inc.");
});

Deno.test("an empty default server page is answered inactive", async () => {
  await forget("default-page.test");
  const result = await explore("default-page.test");
  assert.equal(result.domainInfo.websiteStatus, "inactive", result.domainInfo.statusMessage);
});

Deno.test("a JavaScript-only page is live, flagged as needing scripts, with advice", async () => {
  await forget("js-shell.test");
  const result = await explore("js-shell.test");
  assert.equal(result.domainInfo.websiteStatus, "live", result.domainInfo.statusMessage);
  assert.equal(result.detectedTechnologies.hasJavaScriptRendering, true);
  assert.ok(result.detectedTechnologies.recommendations.length > 0);
});

Deno.test("a site answering 503 is down: 200 with that status and the registration, for the notice", async () => {
  const result = await explore("down.test");
  assert.equal(result.domainInfo.websiteStatus, "down");
  assert.ok(result.domainInfo.statusMessage.length > 0);
  assert.equal(result.domainInfo.registrar, "Tucows Domains Inc.");
  assert.deepEqual(result.emails, []);
});

Deno.test("a domain without DNS records is down, said plainly", async () => {
  const result = await explore(`gone-${crypto.randomUUID().slice(0, 8)}.test`);
  assert.equal(result.domainInfo.websiteStatus, "down");
  assert.ok(result.domainInfo.statusMessage.length > 0);
});

Deno.test("a site that only redirects to another domain has nothing to read: error, said plainly", async () => {
  const result = await explore("redirect-away.test");
  assert.equal(result.domainInfo.websiteStatus, "error");
  assert.ok(result.domainInfo.statusMessage.length > 0);
  await withDatabase(async (sql) => {
    assert.deepEqual([...await sql`select 1 from public.scraped_domains where domain = 'redirect-away.test'`], []);
  });
});

Deno.test("with scraping off only the registration is looked up (validation_only): the site isn't asked", async () => {
  const { value: result, requests } = await requestsDuring(() => explore("acme-corp.test", { enableScraping: false }));
  assert.equal(result.domainInfo.websiteStatus, "validation_only");
  assert.equal(result.domainInfo.registrar, "MarkMonitor Inc.");
  assert.deepEqual([result.emails, result.pagesVisited], [[], []]);
  assert.ok(!hostsOf(requests).some((host) => host.endsWith("acme-corp.test")), hostsOf(requests).join());
});

Deno.test("a site whose pages never answer: what the time budget allowed, marked partial", async () => {
  await forget("stalled-site.test");
  const result = await explore("stalled-site.test");
  assert.equal(result.partial, true);
  assert.equal(result.domainInfo.websiteStatus, "live", result.domainInfo.statusMessage);
  assert.deepEqual(result.emails.map((email) => email.email), ["studio@stalled-site.test"], "from the home page");
});

// No server-side request forgery -------------------------------------------------------------------------------------

const PRIVATE_HOSTS = [
  "private-a.test",
  "loopback.test",
  "metadata.test",
  "mapped.test",
  "cgnat.test",
  "mixed.test",
  "www.private-twin.test",
  "169.254.169.254",
];

for (
  const [domain, why] of [
    ["private-a.test", "resolves to 10.0.0.5"],
    ["loopback.test", "resolves to 127.0.0.1"],
    ["metadata.test", "resolves to the cloud metadata address 169.254.169.254"],
    ["mapped.test", "resolves to ::ffff:127.0.0.1, loopback in IPv4-mapped IPv6"],
    ["cgnat.test", "resolves to 100.64.0.1 (carrier-grade NAT)"],
    ["mixed.test", "has one public and one private address"],
    ["redirect-to-private.test", "redirects to http://private-a.test/"],
    ["redirect-to-metadata.test", "redirects to http://169.254.169.254/"],
    ["private-twin.test", "redirects to its www twin, which resolves to 10.0.0.7"],
  ] as const
) {
  Deno.test(`a domain that ${why} is refused (400), and nothing is asked of private space`, async () => {
    await forget(domain);
    const { value: answer, requests } = await requestsDuring(() => scrape({ domain }, { token: user.token }));
    assertError(answer, 400, "This domain cannot be explored");
    const reached = hostsOf(requests).filter((host) => PRIVATE_HOSTS.includes(host));
    assert.deepEqual(reached, [], `requests that reached private hosts: ${JSON.stringify(requests)}`);
    await withDatabase(async (sql) => {
      assert.deepEqual([...await sql`select 1 from public.scraped_domains where domain = ${domain}`], [], "nothing kept");
    });
  });
}

Deno.test("IP literals and URLs of them are not domains: 400 with the contract's message", async () => {
  for (const domain of ["127.0.0.1", "http://169.254.169.254/latest/meta-data/", "[::1]", "10.0.0.5:80"]) {
    assertError(await scrape({ domain }, { token: user.token }), 400, `domain: ${INVALID_DOMAIN_MESSAGE}`);
  }
});

// Keeping and reusing explorations ----------------------------------------------------------------------------------

Deno.test("an exploration is kept with its addresses, and answered again for 24 hours without a crawl", async () => {
  await forget("acme-corp.test");
  const first = await explore("acme-corp.test");

  await withDatabase(async (sql) => {
    const [kept] = await sql`
      select domain_info ->> 'websiteStatus' as status, partial, pages_visited, scraped_at
      from public.scraped_domains where domain = 'acme-corp.test'
    `;
    assert.deepEqual(kept, {
      status: "live",
      partial: false,
      pages_visited: first.pagesVisited,
      scraped_at: new Date(first.scrapedAt),
    });
    const emails = await sql`
      select e.id::text, e.email, e.position from public.discovered_emails as e
      join public.scraped_domains as d on d.id = e.domain_id where d.domain = 'acme-corp.test' order by e.id
    `;
    assert.deepEqual(
      emails.map(({ id, email, position }) => ({ id, email, position })),
      first.emails.map(({ id, email, position }) => ({ id, email, position })),
      "the answer's ids are the kept rows'",
    );
  });

  // An hour from the end of the day it is still reused.
  await withDatabase((sql) =>
    sql`update public.scraped_domains set scraped_at = now() - interval '23 hours' where domain = 'acme-corp.test'`
  );
  const { value: again, requests } = await requestsDuring(() => explore("acme-corp.test"));
  assert.deepEqual(requests, [], "nothing was fetched");
  assert.deepEqual(again.emails, first.emails);
  assert.notEqual(again.scrapedAt, first.scrapedAt, "the kept time, 23 hours ago, is answered");
  assert.ok(Date.now() - Date.parse(again.scrapedAt) > 22 * 3_600_000);
});

Deno.test("an exploration older than 24 hours is not reused: the site is crawled again", async () => {
  await forget("acme-corp.test");
  await explore("acme-corp.test");
  await withDatabase((sql) =>
    sql`update public.scraped_domains set scraped_at = now() - interval '25 hours' where domain = 'acme-corp.test'`
  );
  const { value: fresh, requests } = await requestsDuring(() => explore("acme-corp.test"));
  assert.ok(hostsOf(requests).includes("acme-corp.test"), hostsOf(requests).join());
  assert.ok(Date.now() - Date.parse(fresh.scrapedAt) < 60_000, fresh.scrapedAt);
});

Deno.test("comprehensive data collection crawls afresh even when a recent exploration is kept", async () => {
  await explore("acme-corp.test");
  const { value: fresh, requests } = await requestsDuring(() =>
    explore("acme-corp.test", { fullDataCollection: true })
  );
  assert.ok(hostsOf(requests).includes("acme-corp.test"), hostsOf(requests).join());
  assert.ok(fresh.emails.length >= 6);
});

Deno.test("a site found down is not kept: the next request tries it again", async () => {
  await explore("down.test");
  await withDatabase(async (sql) => {
    assert.deepEqual([...await sql`select 1 from public.scraped_domains where domain = 'down.test'`], []);
  });
  const { requests } = await requestsDuring(() => explore("down.test"));
  assert.ok(hostsOf(requests).includes("down.test"));
});

// Bad requests ------------------------------------------------------------------------------------------------------

Deno.test("a missing or malformed domain, or options that aren't booleans, answer 400 with a message", async () => {
  assertError(await scrape({}, { token: user.token }), 400, "domain: domain is required and must be a string");
  for (const domain of ["", "localhost", "acme", "acme.c0m", "-acme.test", "acme..test", "a b.test"]) {
    assertError(await scrape({ domain }, { token: user.token }), 400, `domain: ${INVALID_DOMAIN_MESSAGE}`);
  }
  const notBoolean = await scrape({ domain: "acme-corp.test", enableScraping: "yes" }, { token: user.token });
  assert.equal(notBoolean.status, 400, notBoolean.text);
  assertError(await call("/api/scrape-domain", { rawBody: "domain=acme-corp.test" }), 400, "Request body must be JSON");
});

// The anonymous allowance -------------------------------------------------------------------------------------------

Deno.test("an anonymous exploration counts against the validation allowance", async () => {
  await setLoopbackNetworkUsage(0);
  const sessionId = newSessionId();
  resultOf(await scrape({ domain: "acme-corp.test" }, { sessionId }));
  assert.equal(await loopbackNetworkUsage(), 1);
  await withDatabase(async (sql) => {
    const [session] = await sql`select validations_used from public.anonymous_sessions where session_id = ${sessionId}`;
    assert.deepEqual(session, { validations_used: 1 });
  });
});

Deno.test("validations and explorations share one allowance: past it either answers 429", async () => {
  await setLoopbackNetworkUsage(0);
  const sessionId = newSessionId();
  for (let used = 1; used < SESSION_LIMIT; used++) {
    const answer = await call("/api/validate-email", {
      body: { email: `t${used}@mailscout-demo.test` },
      headers: { "x-session-id": sessionId },
    });
    assert.equal(answer.status, 200, answer.text);
  }
  resultOf(await scrape({ domain: "acme-corp.test" }, { sessionId }));

  const refused = await scrape({ domain: "acme-corp.test" }, { sessionId });
  assertRateLimited(refused, SESSION_LIMIT);
  assert.deepEqual(limitReachedSchema.parse(refused.json), allowanceUsedUp(SESSION_LIMIT, SESSION_LIMIT));
  const validation = await call("/api/validate-email", {
    body: { email: "ann@mailscout-demo.test" },
    headers: { "x-session-id": sessionId },
  });
  assert.equal(validation.status, 429, validation.text);
});

Deno.test("the exploration following a visitor's own validation at the domain is part of it, not counted", async () => {
  // The validation uses the network's last free one; exploring its domain still works.
  await setLoopbackNetworkUsage(NETWORK_LIMIT - 1);
  const sessionId = newSessionId();
  const validation = await call("/api/validate-email", {
    body: { email: "jane.doe@acme-corp.test" },
    headers: { "x-session-id": sessionId },
  });
  assert.equal(validation.status, 200, validation.text);
  resultOf(await scrape({ domain: "acme-corp.test" }, { sessionId }));
  assert.equal(await loopbackNetworkUsage(), NETWORK_LIMIT);

  const otherDomain = await scrape({ domain: "parked-domain.test" }, { sessionId });
  assert.equal(otherDomain.status, 429, "another domain is a use of its own");
  const otherSession = await scrape({ domain: "acme-corp.test" }, { sessionId: newSessionId() });
  assert.equal(otherSession.status, 429, "so is the same domain from a session that didn't validate there");
});

Deno.test("a signed-in user's explorations are not counted", async () => {
  await setLoopbackNetworkUsage(NETWORK_LIMIT);
  resultOf(await scrape({ domain: "acme-corp.test" }, { token: user.token, sessionId: newSessionId() }));
  assert.equal(await loopbackNetworkUsage(), NETWORK_LIMIT);
});

// Metering ----------------------------------------------------------------------------------------------------------

Deno.test("a signed-in exploration costs one unit, a kept one answered again too; a refused domain gives it back", async () => {
  const explorer = await signedInUser();
  const asExplorer = (domain: string) => call("/api/scrape-domain", { body: { domain }, token: explorer.token });
  assert.equal((await asExplorer("acme-corp.test")).status, 200);
  assert.equal((await asExplorer("acme-corp.test")).status, 200, "answered from the kept exploration");
  assert.equal(await ledgerUnits(explorer.id, "exploration"), 2);

  assertError(await asExplorer("loopback.test"), 400, "This domain cannot be explored");
  assert.equal(await ledgerUnits(explorer.id, "exploration"), 2, "charged, then given back: no answer, no charge");
  await withDatabase(async (sql) => {
    const [given] = await sql`
      select count(*)::int as rows from public.usage_ledger where user_id = ${explorer.id} and units < 0
    `;
    assert.equal(given!.rows, 1);
  });
});

Deno.test("with no explorations left an exploration answers 402 with what the upgrade popup needs", async () => {
  const explorer = await signedInUser();
  await useUpTrial(explorer.id);
  const refused = await call("/api/scrape-domain", { body: { domain: "acme-corp.test" }, token: explorer.token });
  assert.equal(refused.status, 402, refused.text);
  assert.deepEqual(refused.json, {
    message: "You have no domain explorations left. Buy credits or choose a plan to continue.",
    needsCredits: true,
    balance: 0,
  });
  assert.equal(await ledgerUnits(explorer.id), 0);
});
