// The explorer end to end, in process: a real SafeFetcher asking the fixture DNS server and going through the fixture
// proxy, exactly as the api function does behind DNS_SERVERS and OUTBOUND_HTTP_PROXY.
import assert from "node:assert/strict";
import { startDnsFixture } from "../dns/testing/fixture-server.ts";
import { DomainError } from "../errors.ts";
import { createDomainExplorer, VALIDATION_ONLY_MESSAGE } from "./explore-domain.ts";
import { createSafeFetcher, EgressError } from "./net/index.ts";
import { createRdapClient } from "./rdap.ts";
import { startFixtureProxy } from "./testing/fixture-proxy.ts";

const AT = new Date("2026-11-22T10:00:00.000Z");

async function withFixtures(
  test: (context: { explorer: ReturnType<typeof createDomainExplorer>; hostsAsked: () => string[] }) => Promise<void>,
  settings: { timeBudgetMs?: number } = {},
) {
  const dns = await startDnsFixture();
  const proxy = await startFixtureProxy();
  try {
    const fetcher = createSafeFetcher({ dnsServers: `127.0.0.1:${dns.port}`, proxy: proxy.url });
    const explorer = createDomainExplorer({ fetcher, now: () => AT, ...settings });
    await test({ explorer, hostsAsked: () => [...new Set(proxy.requests.map((request) => request.host))].sort() });
  } finally {
    await proxy.stop();
    await dns.stop();
  }
}

Deno.test("a live site: what its pages say, with the registration RDAP gives, at the explorer's time", async () => {
  await withFixtures(async ({ explorer, hostsAsked }) => {
    const result = await explorer.explore("acme-corp.test", { enableScraping: true });
    assert.equal(result.domainInfo.websiteStatus, "live");
    assert.deepEqual(
      [result.domainInfo.registrar, result.domainInfo.creationDate, result.domainInfo.expirationDate],
      ["MarkMonitor Inc.", "2009-03-14T17:22:05.000Z", "2027-03-14T17:22:05.000Z"],
    );
    assert.equal(result.scrapedAt, AT.toISOString());
    assert.ok(result.emails.some((email) => email.email === "michael.chen@acme-corp.test"));
    assert.deepEqual(hostsAsked(), ["acme-corp.test", "data.iana.org", "rdap.fixture.test"]);
  });
});

Deno.test("with scraping off, only the registration is looked up and the site is never asked", async () => {
  await withFixtures(async ({ explorer, hostsAsked }) => {
    assert.deepEqual(await explorer.explore("acme-corp.test", { enableScraping: false }), {
      domain: "acme-corp.test",
      emails: [],
      domainInfo: {
        domain: "acme-corp.test",
        registrar: "MarkMonitor Inc.",
        creationDate: "2009-03-14T17:22:05.000Z",
        expirationDate: "2027-03-14T17:22:05.000Z",
        websiteStatus: "validation_only",
        statusMessage: VALIDATION_ONLY_MESSAGE,
        companyDescription: null,
        technologies: [],
        address: null,
        phone: null,
        socialMedia: [],
        emailPattern: null,
      },
      detectedTechnologies: {
        hasJavaScriptRendering: false,
        hasWebsiteBuilder: false,
        recommendations: [],
        explorationTips: [],
      },
      partial: false,
      pagesVisited: [],
      scrapedAt: AT.toISOString(),
    });
    assert.deepEqual(hostsAsked(), ["data.iana.org", "rdap.fixture.test"]);
  });
});

Deno.test("a site that is down is an answer, with its registration", async () => {
  await withFixtures(async ({ explorer }) => {
    const result = await explorer.explore("down.test", { enableScraping: true });
    assert.equal(result.domainInfo.websiteStatus, "down");
    assert.equal(result.domainInfo.registrar, "Tucows Domains Inc.");
  });
});

Deno.test("a domain in private space, or redirecting there, is refused before anything private is asked", async () => {
  await withFixtures(async ({ explorer, hostsAsked }) => {
    for (const domain of ["private-a.test", "mixed.test", "redirect-to-private.test"]) {
      await assert.rejects(
        explorer.explore(domain, { enableScraping: true }),
        (error) => error instanceof DomainError && error.reason === "exploration_refused",
        domain,
      );
    }
    assert.deepEqual(
      hostsAsked().filter((host) => !["data.iana.org", "rdap.fixture.test"].includes(host)),
      ["redirect-to-private.test"],
    );
  });
});

Deno.test("a site whose pages never answer is answered when the time budget ends, marked partial", async () => {
  await withFixtures(async ({ explorer }) => {
    const result = await explorer.explore("stalled-site.test", { enableScraping: true });
    assert.equal(result.partial, true);
    assert.equal(result.domainInfo.websiteStatus, "live");
  }, { timeBudgetMs: 1_000 });
});

Deno.test("the egress proxy being unreachable is our failure: the exploration throws", async () => {
  const dns = await startDnsFixture();
  // A port nothing listens on: bound, then released.
  const closed = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (closed.addr as Deno.NetAddr).port;
  closed.close();
  try {
    const fetcher = createSafeFetcher({ dnsServers: `127.0.0.1:${dns.port}`, proxy: `http://127.0.0.1:${port}` });
    // IANA's registry can't be read either; the RDAP client's warning about it is not this test's business.
    const explorer = createDomainExplorer({ fetcher, rdap: createRdapClient({ fetcher, warn: () => {} }) });
    await assert.rejects(
      explorer.explore("acme-corp.test", { enableScraping: true }),
      (error) => error instanceof EgressError && error.reason === "egress_unavailable",
    );
  } finally {
    await dns.stop();
  }
});
