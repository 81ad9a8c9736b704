// What a keyword is about. An email_validate keyword needs an address ("is info@acme.com valid"); an mx_checker or
// domain_verify keyword needs a domain, written as one or as the domain of an address in it. A keyword without one
// yields no page (skip reason no_entity).
import { parseAddress, parseDomain } from "../validation/index.ts";
import type { SeoPageType } from "./contract.ts";
import type { SeoEntity } from "./privacy.ts";
import { canonicalDomain } from "./slug.ts";

// Words are cut at spaces and commas; quotes, brackets and sentence marks around a word are not part of it.
const WORD_EDGES = /^[\s"'`“”‘’(<[{]+|[\s"'`“”‘’)>\]}.,;:!?]+$/g;

function words(keyword: string): string[] {
  return keyword
    .split(/[\s,]+/)
    .map((word) => word.replace(WORD_EDGES, "").replace(/^mailto:/i, "").replace(/^https?:\/\/([^/?#]+).*$/i, "$1"))
    .filter((word) => word !== "");
}

function domainEntity(raw: string): SeoEntity | null {
  const ascii = canonicalDomain(raw);
  if (!ascii || !ascii.includes(".")) return null;
  const parsed = parseDomain(ascii);
  return parsed.ok ? { kind: "domain", domainAscii: parsed.ascii, domainUnicode: parsed.unicode } : null;
}

function addressEntity(raw: string): Extract<SeoEntity, { kind: "address" }> | null {
  if (!raw.includes("@")) return null;
  const parsed = parseAddress(raw);
  return parsed.ok
    ? { kind: "address", local: parsed.local, domainAscii: parsed.domainAscii, domainUnicode: parsed.domainUnicode }
    : null;
}

/** The keyword's entity for the page type, or null (no_entity). The first address or domain in it counts. */
export function keywordEntity(pageType: SeoPageType, keyword: string): SeoEntity | null {
  for (const word of words(keyword)) {
    const address = addressEntity(word);
    if (pageType === "email_validate") {
      if (address) return address;
      continue;
    }
    if (address) return { kind: "domain", domainAscii: address.domainAscii, domainUnicode: address.domainUnicode };
    if (!word.includes("@")) {
      const domain = domainEntity(word);
      if (domain) return domain;
    }
  }
  return null;
}
