// "Did you mean gmail.com?" for a domain one slip away from a popular mailbox provider (gmial.com, gmail.con,
// hotmial.com) or with a TLD that does not exist (acme.con → acme.com). Deliberately cautious: a wrong suggestion
// nudges a person away from an address that was right, so it fires only on one edit (a substitution, insertion,
// deletion or swap of neighbours; two when one of them is a TLD that does not exist) and never for a domain that is
// itself a known provider. It does not look at DNS: typo domains are often registered to catch mail (gmial.com is on
// the disposable list), so an MX record says nothing about whether the domain was meant.
import { disposableDomains, freeProviderDomains, popularProviderDomains, realTlds, tldUsage } from "./lists.ts";

/**
 * Popular domains whose name is this short ("aol", "msn", "gmx", "me") sit one edit away from many companies'
 * own domains (aon.com, msc.com), so they are typo targets only through a mistyped TLD (aol.con), never by name.
 */
const MIN_TARGET_NAME_LENGTH = 5;

/**
 * Reserved by RFC 2606 / RFC 6761 and the like, absent from the root zone on purpose: "mailer.test" is not a typo
 * of "mailer.best".
 */
const SPECIAL_USE_TLDS: ReadonlySet<string> = new Set(["test", "example", "invalid", "localhost", "local", "onion"]);

const typoTargets: readonly string[] = popularProviderDomains.filter((domain) =>
  domain.indexOf(".") >= MIN_TARGET_NAME_LENGTH && !disposableDomains.has(domain)
);

const knownProviders: ReadonlySet<string> = new Set([...freeProviderDomains, ...popularProviderDomains]);

/** Whether a and b differ by at most one edit, counting a swap of neighbours as one (optimal string alignment). */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < shorter.length && shorter[i] === longer[i]) i++;
  if (shorter.length !== longer.length) return shorter.slice(i) === longer.slice(i + 1); // insertion/deletion
  if (shorter.slice(i + 1) === longer.slice(i + 1)) return true; // substitution
  return shorter[i] === longer[i + 1] && shorter[i + 1] === longer[i] && shorter.slice(i + 2) === longer.slice(i + 2);
}

/** The most used real TLD one edit from a TLD that does not exist, or null when the TLD exists or nothing is near. */
function correctedTld(tld: string): string | null {
  if (realTlds.has(tld) || SPECIAL_USE_TLDS.has(tld)) return null;
  let best: string | null = null;
  let bestUsage = 0;
  for (const [candidate, usage] of tldUsage) {
    if (usage > bestUsage && withinOneEdit(tld, candidate)) {
      best = candidate;
      bestUsage = usage;
    }
  }
  return best;
}

function closestProvider(domain: string): string | null {
  for (const target of typoTargets) if (withinOneEdit(domain, target)) return target; // most popular first
  return null;
}

/** The domain (A-label form) the person probably meant, or null. */
export function suggestDomain(asciiDomain: string): string | null {
  if (knownProviders.has(asciiDomain)) return null;
  const dot = asciiDomain.lastIndexOf(".");
  const tld = correctedTld(asciiDomain.slice(dot + 1));
  const candidate = tld === null ? asciiDomain : `${asciiDomain.slice(0, dot)}.${tld}`;
  // mail.con means mail.com, a provider in its own right, not gmail.com one more edit away.
  if (knownProviders.has(candidate)) return candidate;
  return closestProvider(candidate) ?? (candidate === asciiDomain ? null : candidate);
}
