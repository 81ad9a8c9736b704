// Whether a domain hands out throwaway mailboxes (disposable) or free personal ones (free provider). Both are facts
// about the domain alone, so the validator memoises them per domain (see domain-profile.ts).
import { disposableDomains, freeProviderDomains } from "./lists.ts";

/**
 * Disposable services often accept mail for any subdomain of theirs (anything.mailinator.com), so a domain counts
 * when it or any parent of two or more labels is listed.
 */
export function isDisposableDomain(asciiDomain: string): boolean {
  let suffix = asciiDomain;
  for (;;) {
    if (disposableDomains.has(suffix)) return true;
    const dot = suffix.indexOf(".");
    const parent = suffix.slice(dot + 1);
    if (dot < 0 || !parent.includes(".")) return false;
    suffix = parent;
  }
}

/** A free provider exactly as listed (a subdomain of gmail.com hands out no mailboxes), never a disposable one. */
export function isFreeProviderDomain(asciiDomain: string): boolean {
  return freeProviderDomains.has(asciiDomain) && !isDisposableDomain(asciiDomain);
}
