// What the site says about the company: a description, the postal address, the main phone and its social profiles.
// What the company states in schema.org is believed first; then the home page's meta description (and Open Graph
// description), an <address> block, and a phone in the site's header or footer before any other tel: link or a number
// written after "Phone:".
import type { Element } from "domhandler";
import type { CountryCode } from "libphonenumber-js/max";
import { parentElement } from "./page-text.ts";
import { phoneFromTelLink, phonesInText } from "./phones.ts";
import type { ReadPage } from "./read-page.ts";
import { chooseSocialProfiles, type SocialProfile } from "./social-profiles.ts";
import { addressLines, type OrganizationFacts } from "./structured-data.ts";

const MAX_DESCRIPTION = 500;
const regionNames = new Intl.DisplayNames(["en"], { type: "region" });

export interface CompanyFacts {
  companyDescription: string | null;
  address: string | null;
  phone: string | null;
  socialMedia: SocialProfile[];
}

function shorten(text: string): string {
  const value = text.replace(/\s+/g, " ").trim();
  if (value.length <= MAX_DESCRIPTION) return value;
  const cut = value.slice(0, MAX_DESCRIPTION - 1);
  return cut.slice(0, Math.max(cut.lastIndexOf(" "), MAX_DESCRIPTION / 2)).replace(/[\s,;:.-]+$/, "") + "…";
}

export function organisations(pages: readonly ReadPage[]): OrganizationFacts[] {
  return pages.flatMap((page) => page.structured.organizations);
}

/** The postal address's country as stated ("DE", "Germany"), for the phone numbers' default region. */
export function statedCountry(pages: readonly ReadPage[]): string | null {
  return organisations(pages).find((organisation) => organisation.address?.addressCountry)?.address
    ?.addressCountry ?? null;
}

export function companyFacts(pages: readonly ReadPage[], country: CountryCode | undefined): CompanyFacts {
  const home = pages.find((page) => page.isHome) ?? pages[0];
  const orgs = organisations(pages);
  const firstMeta = (name: string) => home?.meta.get(name)?.find((value) => value !== "");
  const description = orgs.find((org) => org.description)?.description ?? firstMeta("description") ??
    firstMeta("og:description") ?? null;
  return {
    companyDescription: description === null ? null : shorten(description),
    address: statedAddress(orgs) ?? addressBlock(pages),
    phone: statedPhone(pages, country) ?? chromePhone(pages, country) ?? linkedPhone(pages, country) ??
      labelledPhone(pages, country),
    socialMedia: chooseSocialProfiles(
      orgs.flatMap((org) => org.sameAs),
      home?.links ?? [],
      pages.map((page) => page.links),
    ),
  };
}

function statedAddress(orgs: OrganizationFacts[]): string | null {
  const address = orgs.find((org) => org.address !== undefined)?.address;
  if (address === undefined) return null;
  const country = address.addressCountry;
  return addressLines(address, /^[A-Z]{2}$/.test(country ?? "") ? regionNames.of(country!) ?? country : country);
}

/** An <address> element whose lines include a number (a street number or postcode), minus contact lines. */
function addressBlock(pages: readonly ReadPage[]): string | null {
  for (const page of pages) {
    for (const element of page.parsed.elements) {
      if (element.name !== "address") continue;
      const lines = page.parsed.text.textOf(element).split("\n")
        .map((line) => line.trim())
        .filter((line) => line !== "" && !/@|https?:|^(?:e-?mail|phone|tel|fax|mobile)\b/i.test(line))
        .filter((line) => !/^[+()\d\s./-]+$/.test(line))
        .slice(0, 6);
      if (lines.some((line) => /\d/.test(line) && /\p{L}{3}/u.test(line))) return lines.join("\n");
    }
  }
  return null;
}

function normalisedPhone(written: string, country: CountryCode | undefined): string {
  return phonesInText(written, country)[0]?.phone ?? written.replace(/\s+/g, " ").trim();
}

function statedPhone(pages: readonly ReadPage[], country: CountryCode | undefined): string | null {
  for (const page of pages) {
    const { organizations, contactPoints } = page.structured;
    const written = organizations.find((org) => org.telephone)?.telephone ??
      contactPoints.find((point) => point.telephone)?.telephone;
    if (written !== undefined) return normalisedPhone(written, country);
  }
  return null;
}

/** Site chrome: where a company puts its own number, not a person's direct line. */
const CHROME = new Set(["header", "footer", "address", "nav"]);

function insideChrome(element: Element): boolean {
  for (let node: Element | null = element; node !== null; node = parentElement(node)) {
    if (CHROME.has(node.name)) return true;
  }
  return false;
}

/** A tel: link, else a phone in the text, of a page's header, footer or <address>. */
function chromePhone(pages: readonly ReadPage[], country: CountryCode | undefined): string | null {
  for (const page of pages) {
    const linked = telLinks(page).find(insideChrome);
    if (linked !== undefined) return phoneFromTelLink(linked.attribs.href!, country);
    for (const element of page.parsed.elements) {
      if (!CHROME.has(element.name)) continue;
      const text = page.parsed.text.textOf(element);
      const phone = phonesInText(text, country).find(({ start }) => !/fax\W{0,3}$/i.test(text.slice(0, start)));
      if (phone !== undefined) return phone.phone;
    }
  }
  return null;
}

/** The first tel: link anywhere, home page first. */
function linkedPhone(pages: readonly ReadPage[], country: CountryCode | undefined): string | null {
  for (const page of pages) {
    for (const link of telLinks(page)) {
      const phone = phoneFromTelLink(link.attribs.href!, country);
      if (phone !== null) return phone;
    }
  }
  return null;
}

const PHONE_LABEL = /\b(?:tel(?:efon|ephone|\.)?|phone|fon|call us(?: on| at)?)\s*:?\s*/gi;

/** A number written after "Phone:", "Tel.", "Telefon:" in a page's text (an Impressum, a contact page). */
function labelledPhone(pages: readonly ReadPage[], country: CountryCode | undefined): string | null {
  for (const page of pages) {
    const text = page.parsed.text.text;
    for (const label of text.matchAll(PHONE_LABEL)) {
      const after = label.index + label[0].length;
      const phone = phonesInText(text.slice(after, after + 40), country).find(({ start }) => start === 0);
      if (phone !== undefined) return phone.phone;
    }
  }
  return null;
}

function telLinks(page: ReadPage): Element[] {
  return page.parsed.elements.filter((element) =>
    element.name === "a" && /^\s*tel:/i.test(element.attribs.href ?? "") && page.parsed.text.spans.has(element)
  );
}
