// Every list the flags and the typo suggestion rely on, from maintained npm packages (pinned in deno.json), turned
// into Sets once at module load so a lookup is O(1) on the hot path. Updating a list is a version bump, not an edit.
//   disposable-email-domains-js  the community disposable-email-domains blocklist (~9k domains)
//   free-email-domains           free mailbox providers, HubSpot's list merged with disposable lists (~14k)
//   role-based-email-addresses   Mixmax's local parts that name a role, not a person (~1k)
//   email-misspelled             the most used mailbox domains in popularity order (gmail.com first), typo targets
//   tlds                         IANA's root zone TLDs, to tell a mistyped TLD (".con") from a real one (".co")
import { z } from "zod";
import { disposableEmailBlocklist } from "disposable-email-domains-js";
import freeEmailDomains from "free-email-domains";
import roleBasedEmailAddresses from "role-based-email-addresses";
import { all as popularMailDomains } from "email-misspelled";
import ianaTlds from "tlds" with { type: "json" };
import { domainToASCII } from "node:url";

// The packages' data is an input like any other: a release that changes its shape must fail loudly at start-up, not
// turn every flag false.
const nameList = z.array(z.string().min(1)).min(1);
const lowerCased = (names: string[]) => names.map((name) => name.toLowerCase());

export const disposableDomains: ReadonlySet<string> = new Set(
  lowerCased(nameList.parse(disposableEmailBlocklist())),
);

const freeListed = lowerCased(nameList.parse(freeEmailDomains));

/** Free providers proper: the free list also carries every disposable domain, which must not count twice. */
export const freeProviderDomains: ReadonlySet<string> = new Set(
  freeListed.filter((domain) => !disposableDomains.has(domain)),
);

export const roleLocalParts: ReadonlySet<string> = new Set(lowerCased(nameList.parse(roleBasedEmailAddresses)));

/** Most used first, so among equally close typo targets the more popular one wins. */
export const popularProviderDomains: readonly string[] = lowerCased(nameList.parse(popularMailDomains));

/** Real TLDs in A-label form, the form parseAddress hands over ("рф" is listed, "xn--p1ai" is looked up). */
export const realTlds: ReadonlySet<string> = new Set(nameList.parse(ianaTlds).map((tld) => domainToASCII(tld)));

/**
 * How many mailbox domains use each real TLD: when a TLD is mistyped, the most used TLD one edit away is the best
 * guess (".con" is one edit from .com, .co and .cn; .com is used by far the most).
 */
export const tldUsage: ReadonlyMap<string, number> = (() => {
  const usage = new Map<string, number>();
  for (const domain of freeListed) {
    const tld = domain.slice(domain.lastIndexOf(".") + 1);
    if (realTlds.has(tld)) usage.set(tld, (usage.get(tld) ?? 0) + 1);
  }
  return usage;
})();
