// The one privacy rule of landing pages: no page ever publishes a private person's address. Generation, the admin's
// regenerate and the tick's refresh all decide through privacyDecision, so the rule is written once.
// - An address at a free-mail, disposable, mail-less or suppressed domain gets no page: it most likely belongs to a
//   person (or nobody can receive mail there).
// - A role local part (info, sales, support …) elsewhere is a team's address: published in full.
// - Any other local part is published masked (j***@acme.com); its slug adds a short keyed hash of the full address so
//   two people at one domain never share a page, without the slug revealing who they are.
// - A domain page is skipped only when the domain is suppressed.
import { hmacKeyFromSecret } from "../hmac-key.ts";
import type { MailDomainLookupKind } from "../dns/index.ts";
import { isDisposableDomain, isFreeProviderDomain, isRoleAccount } from "../validation/index.ts";
import { maskedAddress, type SkipReason } from "./contract.ts";
import { hex } from "./html.ts";

/** What a keyword is about: an address (local part as typed, domain in A-label form) or a domain. */
export type SeoEntity =
  | { kind: "address"; local: string; domainAscii: string; domainUnicode: string }
  | { kind: "domain"; domainAscii: string; domainUnicode: string };

export interface DomainFacts {
  freeMail: boolean;
  disposable: boolean;
  /** DNS says nothing can receive mail there (null MX, no mail server, no such domain, unusable MX hosts). */
  mailLess: boolean;
  /** The address or its domain is on the suppression list. */
  suppressed: boolean;
}

export type PrivacyDecision =
  | { publish: false; skipReason: SkipReason }
  | {
    publish: true;
    /** What the page shows: the domain, a role address in full, or the masked address. */
    shownEntity: string;
    slug: string;
    /** The slug to use instead when `slug` already belongs to another address's page (masked addresses only). */
    longerSlug: string | null;
  };

// DNS could not answer ("error") is not mail-less: a passing failure must not skip a keyword for good.
const MAIL_LESS_KINDS: ReadonlySet<MailDomainLookupKind> = new Set([
  "null_mx",
  "no_mail_server",
  "not_found",
  "mx_host_unresolved",
  "mx_private_address",
]);

/** The facts the rule weighs, from the validation engine's lists, the DNS lookup's kind and the suppression list. */
export function domainFacts(domainAscii: string, lookupKind: MailDomainLookupKind, suppressed: boolean): DomainFacts {
  return {
    freeMail: isFreeProviderDomain(domainAscii),
    disposable: isDisposableDomain(domainAscii),
    mailLess: MAIL_LESS_KINDS.has(lookupKind),
    suppressed,
  };
}

/** Hex digits of the address hash in a masked slug; lengthened once when the short slug is another address's. */
export const SLUG_HASH_DIGITS = 4;
export const LONGER_SLUG_HASH_DIGITS = 8;

/** The full address as the hash and the admin-only keyword row know it: lower-cased local part, A-label domain. */
export function fullAddress(entity: Extract<SeoEntity, { kind: "address" }>): string {
  return `${entity.local.toLowerCase()}@${entity.domainAscii}`;
}

/**
 * HMAC-SHA-256 (hex) of the lower-cased full address under a key derived from WORKER_SECRET: stable, so a page keeps
 * its slug, and keyed, so nobody can test guessed addresses against a published slug.
 */
export async function addressSlugHash(address: string, secret: string): Promise<string> {
  const key = await hmacKeyFromSecret(secret, "seo address slug");
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(address.toLowerCase()));
  return hex(mac);
}

/** The rule itself. `addressHash` is addressSlugHash of the entity (ignored for a domain or a role address). */
export function privacyDecision(entity: SeoEntity, facts: DomainFacts, addressHash: string): PrivacyDecision {
  if (facts.suppressed) return { publish: false, skipReason: "suppressed" };
  if (entity.kind === "domain") {
    return { publish: true, shownEntity: entity.domainUnicode, slug: entity.domainAscii, longerSlug: null };
  }
  if (facts.disposable) return { publish: false, skipReason: "disposable_domain" };
  if (facts.freeMail) return { publish: false, skipReason: "free_mail_domain" };
  if (facts.mailLess) return { publish: false, skipReason: "mail_less_domain" };
  const local = entity.local.toLowerCase();
  if (isRoleAccount(local)) {
    return { publish: true, shownEntity: `${local}@${entity.domainUnicode}`, slug: `${local}@${entity.domainAscii}`, longerSlug: null };
  }
  const masked = (digits: number) => {
    const [first] = maskedAddress(local, entity.domainAscii).split("@");
    return `${first}-${addressHash.slice(0, digits)}@${entity.domainAscii}`;
  };
  return {
    publish: true,
    shownEntity: maskedAddress(local, entity.domainUnicode),
    slug: masked(SLUG_HASH_DIGITS),
    longerSlug: masked(LONGER_SLUG_HASH_DIGITS),
  };
}
