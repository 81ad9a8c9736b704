// What a crawled site says, as the exploration answer minus the registration facts (rdap.ts) and the time stamp:
// the addresses published on it with the name, title and phone next to each and the page each was found on; the
// company's description, address, phone and social profiles; its technologies; the state of the website; the
// domain's address pattern; and what a person can do where the explorer saw less than they would.
import { createHash } from "node:crypto";
import type { DiscoveredEmail, DomainInfo, ScrapeResult } from "../contract.ts";
import type { CrawlResult } from "../crawl/index.ts";
import { companyFacts, organisations, statedCountry } from "./company-facts.ts";
import { type Contact, contactsOnPage } from "./contact-context.ts";
import { type Address, isAtDomain, parseWholeAddress } from "./email-address.ts";
import { inferEmailPattern } from "./email-pattern.ts";
import { explorationAdvice } from "./exploration-advice.ts";
import { findEmails } from "./find-emails.ts";
import { jobTitle, personName } from "./person-words.ts";
import { phonesInText, siteCountry } from "./phones.ts";
import { type ReadPage, readPage } from "./read-page.ts";
import { detectTechnologies } from "./technologies.ts";
import { websiteStatus } from "./website-status.ts";

export type ExtractedExploration = Omit<ScrapeResult, "domainInfo" | "scrapedAt"> & {
  domainInfo: Omit<DomainInfo, "registrar" | "creationDate" | "expirationDate">;
};

interface Finding extends Contact {
  address: Address;
  foundOn: string;
}

export function extractFromPages(domain: string, crawl: CrawlResult): ExtractedExploration {
  const pages = crawl.pages.flatMap((page, index) =>
    page.status >= 200 && page.status < 300 && isHtml(page.headers) ? [readPage(page, index === 0)] : []
  );
  const home = pages.find((page) => page.isHome);
  const technologies = detectTechnologies({
    headers: crawl.pages.map((page) => new Map(Object.entries(page.headers).map(([k, v]) => [k.toLowerCase(), v]))),
    cookies: cookieValues(crawl.cookies),
    meta: pages.map((page) => page.meta),
    scriptSources: pages.flatMap((page) => page.scriptSources),
    html: home?.html ?? "",
    inlineScripts: home?.inlineScripts ?? "",
    visibleText: home?.parsed.text.text ?? "",
  });
  const status = websiteStatus({
    outcome: crawl.outcome,
    statuses: crawl.pages.map((page) => page.status),
    pages,
    technologies,
    partial: crawl.partial,
  });
  // A parked or placeholder page's addresses and blurb are the parking service's or the host's, not the company's.
  const published = status.websiteStatus === "live" ? pages : [];
  const country = siteCountry({ domain, addressCountry: statedCountry(published), htmlLang: home?.lang ?? null });
  const emails = discoveredEmails(domain, published, country);
  const company = companyFacts(published, country);
  const emailPattern = inferEmailPattern(
    emails.flatMap(({ email, name, external }) =>
      name === null || external ? [] : [{ local: email.slice(0, email.lastIndexOf("@")), name }]
    ),
  );
  const firstStatus = crawl.pages[0]?.status;
  return {
    domain,
    emails,
    domainInfo: {
      domain,
      websiteStatus: status.websiteStatus,
      statusMessage: status.statusMessage,
      ...company,
      technologies: technologies.map(({ name }) => name),
      emailPattern,
    },
    detectedTechnologies: explorationAdvice({
      domain,
      websiteStatus: status.websiteStatus,
      pages: published,
      refusedWith: home === undefined && firstStatus !== undefined && [401, 403, 429].includes(firstStatus)
        ? firstStatus
        : null,
      technologies,
      emailsFound: emails.length,
      partial: crawl.partial,
      emailPattern,
      socialMedia: company.socialMedia,
    }),
    partial: crawl.partial,
    pagesVisited: [...new Set(crawl.pages.map((page) => page.url))],
  };
}

function isHtml(headers: Record<string, string>): boolean {
  const type = Object.entries(headers).find(([name]) => name.toLowerCase() === "content-type")?.[1];
  return type === undefined || /html/i.test(type);
}

/** Set-Cookie values → name → value (attributes after the first ";" dropped). */
function cookieValues(setCookies: readonly string[]): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const header of setCookies) {
    const pair = header.split(";", 1)[0]!;
    const equals = pair.indexOf("=");
    const name = (equals < 0 ? pair : pair.slice(0, equals)).trim();
    if (name !== "") cookies.set(name, equals < 0 ? "" : pair.slice(equals + 1).trim());
  }
  return cookies;
}

function discoveredEmails(domain: string, pages: readonly ReadPage[], country: ReturnType<typeof siteCountry>) {
  const organisationNames = new Set(
    [
      ...organisations(pages).flatMap((org) => [org.name, org.legalName]),
      ...pages.flatMap((page) => page.meta.get("og:site_name") ?? []),
    ].filter((name): name is string => typeof name === "string").map((name) => name.toLowerCase()),
  );
  const findings: Finding[] = [];
  for (const page of pages) {
    const occurrences = findEmails(page.parsed);
    const contacts = contactsOnPage(page.parsed, occurrences, { country, organisationNames });
    occurrences.forEach(({ address }, index) => findings.push({ address, foundOn: page.url, ...contacts[index]! }));
    findings.push(...structuredFindings(page, country));
  }
  return merge(findings).map((finding): DiscoveredEmail => ({
    id: emailId(finding.address.email),
    email: finding.address.email,
    phone: finding.phone,
    position: finding.position,
    name: finding.name,
    foundOn: finding.foundOn,
    external: !isAtDomain(finding.address, domain),
  })).sort((a, b) => Number(a.external) - Number(b.external));
}

/** schema.org people and contact points with an email: what they state is the card. */
function structuredFindings(page: ReadPage, country: ReturnType<typeof siteCountry>): Finding[] {
  const phone = (written: string | undefined) =>
    written === undefined ? null : phonesInText(written, country)[0]?.phone ?? null;
  const findings: Finding[] = [];
  const { people, contactPoints, organizations } = page.structured;
  for (const person of people) {
    const address = person.email === undefined ? null : parseWholeAddress(person.email.replace(/^mailto:/i, ""));
    if (address === null) continue;
    const written = person.name ?? [person.givenName, person.familyName].filter(Boolean).join(" ");
    findings.push({
      address,
      foundOn: page.url,
      name: personName(written) ?? (written === "" ? null : written),
      position: person.jobTitle ?? null,
      phone: phone(person.telephone),
    });
  }
  for (const point of [...contactPoints, ...organizations]) {
    const address = point.email === undefined ? null : parseWholeAddress(point.email.replace(/^mailto:/i, ""));
    if (address === null) continue;
    const type = "contactType" in point ? point.contactType : undefined;
    const position = type === undefined ? null : jobTitle(capitalise(type)) ?? capitalise(type);
    findings.push({ address, foundOn: page.url, name: null, position, phone: phone(point.telephone) });
  }
  return findings;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * One entry per address (addresses are compared lower-cased): the finding with the most facts wins (a name counts
 * most, then a title, then a phone; the first found on a tie) and gives foundOn; facts it lacks come from the others.
 */
function merge(findings: readonly Finding[]): Finding[] {
  const byAddress = new Map<string, Finding[]>();
  for (const finding of findings) {
    const list = byAddress.get(finding.address.email) ?? [];
    list.push(finding);
    byAddress.set(finding.address.email, list);
  }
  const score = (finding: Finding) =>
    (finding.name === null ? 0 : 4) + (finding.position === null ? 0 : 2) + (finding.phone === null ? 0 : 1);
  return [...byAddress.values()].map((list) => {
    const ranked = [...list].sort((a, b) => score(b) - score(a));
    const best = ranked[0]!;
    return {
      ...best,
      name: best.name ?? ranked.find((finding) => finding.name !== null)?.name ?? null,
      position: best.position ?? ranked.find((finding) => finding.position !== null)?.position ?? null,
      phone: best.phone ?? ranked.find((finding) => finding.phone !== null)?.phone ?? null,
    };
  });
}

/** Stable across explorations: the same address always has the same id. */
function emailId(email: string): string {
  return createHash("sha256").update(email).digest("hex").slice(0, 16);
}
