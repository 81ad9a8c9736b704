// Exploration results as the API answers them, for tests of the panel and the home page.
import type { DiscoveredEmail, ScrapeResult } from "@contracts/explorations";

const staff: Array<[first: string, last: string, position: string]> = [
  ["Jane", "Doe", "Chief Executive Officer"],
  ["John", "Smith", "Head of Sales"],
  ["Maria", "Garcia", "Marketing Manager"],
  ["Wei", "Chen", "Lead Engineer"],
  ["Amara", "Okafor", "Finance Director"],
  ["Lucas", "Moreau", "Customer Success"],
];

function staffEmail([first, last, position]: (typeof staff)[number], domain: string): DiscoveredEmail {
  const email = `${first.toLowerCase()}.${last.toLowerCase()}@${domain}`;
  return {
    id: `id-${email}`,
    email,
    phone: null,
    position,
    name: `${first} ${last}`,
    foundOn: `https://${domain}/about/team`,
    external: false,
  };
}

/** A live company site with a staff page of six named people and a general address with a phone. */
export function companyResult(domain = "acme-corp.test"): ScrapeResult {
  return {
    domain,
    emails: [
      ...staff.map((person) => staffEmail(person, domain)),
      {
        id: `id-info@${domain}`,
        email: `info@${domain}`,
        phone: "+14155550100",
        position: null,
        name: null,
        foundOn: `https://${domain}/contact`,
        external: false,
      },
    ],
    domainInfo: {
      domain,
      registrar: "Fixture Registrar, Inc.",
      creationDate: "2009-04-17T00:00:00Z",
      expirationDate: "2031-04-17T00:00:00Z",
      websiteStatus: "live",
      statusMessage: "The website answered normally.",
      companyDescription: "Acme Corp makes anvils, rockets and everything in between.",
      technologies: ["WordPress", "Google Tag Manager", "Cloudflare"],
      address: "100 Market Street\nSuite 300\nSpringfield, IL 62701",
      phone: "+14155550100",
      socialMedia: [
        { platform: "linkedin", url: "https://www.linkedin.com/company/acme-corp" },
        { platform: "x", url: "https://x.com/acmecorp" },
      ],
      emailPattern: { pattern: "{first}.{last}", confidence: 1, samples: 6 },
    },
    detectedTechnologies: {
      hasJavaScriptRendering: false,
      hasWebsiteBuilder: false,
      recommendations: [],
      explorationTips: [],
    },
    partial: false,
    pagesVisited: [`https://${domain}/`, `https://${domain}/contact`, `https://${domain}/about/team`],
    scrapedAt: "2026-11-22T10:00:00.000Z",
  };
}

/** A site that answered without a single address or fact: a parked page, a dead server, scraping switched off. */
export function emptyResult(
  domain: string,
  websiteStatus: ScrapeResult["domainInfo"]["websiteStatus"],
  statusMessage: string,
): ScrapeResult {
  const company = companyResult(domain);
  return {
    ...company,
    emails: [],
    domainInfo: {
      ...company.domainInfo,
      registrar: null,
      creationDate: null,
      expirationDate: null,
      websiteStatus,
      statusMessage,
      companyDescription: null,
      technologies: [],
      address: null,
      phone: null,
      socialMedia: [],
      emailPattern: null,
    },
    pagesVisited: [],
  };
}

/** A single-page app whose content needs scripts: the crawler saw little, and says what a person can do instead. */
export function scriptShellResult(domain = "js-shell.test"): ScrapeResult {
  const empty = emptyResult(domain, "live", "The website answered normally.");
  return {
    ...empty,
    domainInfo: { ...empty.domainInfo, technologies: ["React"] },
    detectedTechnologies: {
      hasJavaScriptRendering: true,
      hasWebsiteBuilder: false,
      recommendations: ["Open the site in a browser and look at its contact page."],
      explorationTips: ["Look for a Contact or About link in the menu.", "Check the footer for addresses."],
    },
  };
}
