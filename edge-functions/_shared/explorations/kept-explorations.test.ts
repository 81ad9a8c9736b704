import assert from "node:assert/strict";
import type { ScrapeResult, WebsiteStatus } from "./contract.ts";
import type { KeptExploration } from "./privileged.ts";
import type { DomainExplorer, ExploreOptions } from "./explore-domain.ts";
import { type ExplorationStore, exploreKeepingResults, fromKept, toKept } from "./kept-explorations.ts";

function result(status: WebsiteStatus, overrides: Partial<ScrapeResult> = {}): ScrapeResult {
  return {
    domain: "acme-corp.test",
    emails: [{
      id: "b5d1e0",
      email: "ada.lovelace@acme-corp.test",
      phone: "+12025550101",
      position: "Chief Engineer",
      name: "Ada Lovelace",
      foundOn: "https://acme-corp.test/about/team",
      external: false,
    }],
    domainInfo: {
      domain: "acme-corp.test",
      registrar: "MarkMonitor Inc.",
      creationDate: "2009-03-14T17:22:05.000Z",
      expirationDate: "2027-03-14T17:22:05.000Z",
      websiteStatus: status,
      statusMessage: `The website is ${status}.`,
      companyDescription: "Industrial anvils since 1949.",
      technologies: ["WordPress", "Cloudflare"],
      address: "1 Anvil Way\nSpringfield",
      phone: "+12025550100",
      socialMedia: [{ platform: "linkedin", url: "https://www.linkedin.com/company/acme-corp" }],
      emailPattern: { pattern: "{first}.{last}", confidence: 1, samples: 6 },
    },
    detectedTechnologies: {
      hasJavaScriptRendering: false,
      hasWebsiteBuilder: false,
      recommendations: [],
      explorationTips: [],
    },
    partial: false,
    pagesVisited: ["https://acme-corp.test/", "https://acme-corp.test/about/team"],
    scrapedAt: "2026-11-22T10:00:00.000Z",
    ...overrides,
  };
}

/** An explorer answering `answer`, and a store holding `recent`, both recording what they were asked. */
function fakes(answer: ScrapeResult, recent: ScrapeResult | null = null) {
  const explored: { domain: string; options: ExploreOptions }[] = [];
  const kept: ScrapeResult[] = [];
  const explorer: DomainExplorer = {
    explore(domain, options) {
      explored.push({ domain, options });
      return Promise.resolve(answer);
    },
  };
  const store: ExplorationStore = {
    recent: () => Promise.resolve(recent),
    keep(fresh) {
      kept.push(fresh);
      const emails = fresh.emails.map((email, index) => ({ ...email, id: String(index + 1) }));
      return Promise.resolve({ ...fresh, emails });
    },
  };
  return { explorer, store, explored, kept };
}

const asked = { domain: "acme-corp.test", enableScraping: true, fullDataCollection: false };

Deno.test("an exploration younger than a day is answered again, without exploring", async () => {
  const recent = result("live", { scrapedAt: "2026-11-21T11:00:00.000Z" });
  const { explorer, store, explored, kept } = fakes(result("live"), recent);
  assert.deepEqual(await exploreKeepingResults(asked, { explorer, store }), recent);
  assert.deepEqual([explored, kept], [[], []]);
});

Deno.test("without one, the domain is explored and the result kept, answered as stored", async () => {
  const { explorer, store, explored, kept } = fakes(result("live"));
  const answer = await exploreKeepingResults(asked, { explorer, store });
  assert.deepEqual(explored, [{ domain: "acme-corp.test", options: { enableScraping: true } }]);
  assert.deepEqual(kept, [result("live")]);
  assert.deepEqual(answer.emails.map((email) => email.id), ["1"], "the ids are the stored rows'");
});

Deno.test("fullDataCollection explores afresh even when a recent exploration is kept", async () => {
  const { explorer, store, explored, kept } = fakes(result("parked"), result("live"));
  const answer = await exploreKeepingResults({ ...asked, fullDataCollection: true }, { explorer, store });
  assert.equal(answer.domainInfo.websiteStatus, "parked");
  assert.equal(explored.length, 1);
  assert.equal(kept.length, 1);
});

Deno.test("explorations that reached the site are kept; one that found it down or failing is not", async () => {
  for (const status of ["live", "parked", "inactive"] as const) {
    const { explorer, store, kept } = fakes(result(status));
    await exploreKeepingResults(asked, { explorer, store });
    assert.equal(kept.length, 1, status);
  }
  for (const status of ["down", "error"] as const) {
    const fresh = result(status, { emails: [] });
    const { explorer, store, kept } = fakes(fresh);
    assert.deepEqual(await exploreKeepingResults(asked, { explorer, store }), fresh, status);
    assert.equal(kept.length, 0, status);
  }
});

Deno.test("with scraping off nothing is read or kept: the explorer answers the registration alone", async () => {
  const registrationOnly = result("validation_only", { emails: [], pagesVisited: [] });
  const { explorer, store, explored, kept } = fakes(registrationOnly, result("live"));
  const answer = await exploreKeepingResults({ ...asked, enableScraping: false, fullDataCollection: true }, {
    explorer,
    store,
  });
  assert.deepEqual(answer, registrationOnly);
  assert.deepEqual(explored, [{ domain: "acme-corp.test", options: { enableScraping: false } }]);
  assert.deepEqual(kept, []);
});

Deno.test("a result survives being kept and read back, ids aside", () => {
  const fresh = result("live", { partial: true });
  const { exploration, emails } = toKept(fresh);
  const readBack = fromKept({ exploration, emails: emails.map((email) => ({ ...email, id: "41" })) });
  assert.deepEqual(readBack, { ...fresh, emails: fresh.emails.map((email) => ({ ...email, id: "41" })) });
});

Deno.test("a kept exploration whose JSON no longer fits the contract is not answered", () => {
  const { exploration } = toKept(result("live"));
  const stale: KeptExploration[] = [
    { exploration: { ...exploration, domain_info: { domain: "acme-corp.test", websiteStatus: "online" } }, emails: [] },
    { exploration: { ...exploration, detected_technologies: null }, emails: [] },
  ];
  for (const kept of stale) assert.equal(fromKept(kept), null);
});
