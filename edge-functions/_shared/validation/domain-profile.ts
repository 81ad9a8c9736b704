// What the lists say about a domain, computed once per domain: the typo search scans a few hundred candidates, which
// is cheap once and too dear for each of 100,000 addresses sharing 2,000 domains.
import { domainToUnicode } from "node:url";
import { memoise } from "../expiring-cache.ts";
import { isDisposableDomain, isFreeProviderDomain } from "./provider-flags.ts";
import { suggestDomain } from "./typo.ts";

export interface DomainProfile {
  disposable: boolean;
  freeProvider: boolean;
  /** The domain probably meant, in Unicode form for display, or null. */
  suggestedDomain: string | null;
}

function profile(asciiDomain: string): DomainProfile {
  const suggested = suggestDomain(asciiDomain);
  return {
    disposable: isDisposableDomain(asciiDomain),
    freeProvider: isFreeProviderDomain(asciiDomain),
    suggestedDomain: suggested === null ? null : domainToUnicode(suggested),
  };
}

/**
 * How many domains the engine remembers per instance, for their syntax and for their profile: a bulk list of 100,000
 * distinct domains fits (about 13 MB for both), so a second pass over it runs at the speed of one over 2,000. A miss
 * costs a few microseconds of recomputing, so this bounds memory, not correctness.
 */
export const DOMAIN_MEMO_ENTRIES = 100_000;

const profileMemo = memoise<string, DomainProfile>(DOMAIN_MEMO_ENTRIES, profile);

/** The profile of a domain in A-label form, as parseAddress gives it. Callers must not mutate it (it is shared). */
export function profileDomain(asciiDomain: string): DomainProfile {
  return profileMemo(asciiDomain);
}
