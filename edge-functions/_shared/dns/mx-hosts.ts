// Whether a domain's MX hosts can take mail from the internet. MX records alone prove little: a host name without any
// A or AAAA record (a typo in the zone, a decommissioned server) receives nothing, and one that resolves only to
// loopback or private space (127.0.0.1, 10.x, fd00::/8) is unreachable for every sender but its own network. Such
// domains used to be "deliverable".
//
// A host counts as usable when one of its addresses is public by the explorer's address policy (the same
// classifier, so "private" means one thing in this product). The domain is judged by its best host, as a sender
// would try them all: any usable host makes it mx; otherwise a host we could not ask (timeout, SERVFAIL) leaves it
// unknown, since that host might have been the usable one; otherwise private addresses make it mx_private_address,
// and no addresses at all mx_host_unresolved.
//
// The hosts' questions run at once under the lookup's one time budget (resolver.ts), so a domain with several
// silent hosts costs one budget, not one timeout per host.
import { checkAddress } from "./address-policy.ts";
import type { MailDomainLookup } from "./mail-domain-lookup.ts";
import type { ResolvedAddresses } from "./resolve-mail-domain.ts";

type MxRecords = Extract<MailDomainLookup, { kind: "mx" }>["mxRecords"];

/**
 * At most this many hosts, lowest priority first, are asked about. A zone can publish thousands of MX records, and
 * each would cost two questions; if none of the first ones is usable the domain is unknown, never undeliverable.
 */
export const MAX_MX_HOSTS_CHECKED = 16;

/** How long one domain's DNS questions may take in all, MX hosts included, so a verdict comes within 5 s. */
export const LOOKUP_BUDGET_MS = 5_000;

/** The time one lookup may spend: `expired` settles when it is up; `release` lets go of its timer early. */
export interface Budget {
  readonly expired: Promise<void>;
  release(): void;
}

export function timeBudget(ms: number): Budget {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  return { expired, release: () => clearTimeout(timer) };
}

/** What `work` gives, or `late()` if the budget runs out first (the work goes on, and its answer may be cached). */
export function withinBudget<T>(budget: Budget, work: Promise<T>, late: () => T): Promise<T> {
  return Promise.race([work, budget.expired.then(late)]);
}

/** The hosts to ask about: distinct, lowest priority first, at most MAX_MX_HOSTS_CHECKED. */
export function mxHostsToCheck(mxRecords: MxRecords): string[] {
  return [...new Set(mxRecords.map((record) => record.exchange))].slice(0, MAX_MX_HOSTS_CHECKED);
}

/**
 * The domain's lookup from its MX records and the answers for mxHostsToCheck(mxRecords), in that order, with how
 * long it may be kept: the shortest TTL among the answers it rests on, or null (an error, not to be stored).
 */
export function judgeMxHosts(
  domain: string,
  mxRecords: MxRecords,
  hosts: readonly string[],
  answers: readonly ResolvedAddresses[],
): { lookup: MailDomainLookup; ttlSeconds: number | null } {
  const ttls = answers.flatMap((answer) => (answer.kind === "error" ? [] : [answer.ttlSeconds]));
  const ttlSeconds = ttls.length > 0 ? Math.min(...ttls) : null;
  const addresses = answers.flatMap((answer) => (answer.kind === "addresses" ? answer.addresses : []));
  if (addresses.some((address) => checkAddress(address).allowed)) {
    return { lookup: { kind: "mx", mxRecords }, ttlSeconds };
  }

  const problems = answers.flatMap((answer, i) => (answer.kind === "error" ? [`${hosts[i]}: ${answer.detail}`] : []));
  const unchecked = new Set(mxRecords.map((record) => record.exchange)).size - hosts.length;
  if (unchecked > 0) problems.push(`${unchecked} more MX hosts not asked about`);
  if (problems.length > 0) {
    const detail = `no usable MX host for ${domain}: ${problems.join("; ")}`;
    return { lookup: { kind: "error", detail }, ttlSeconds: null };
  }
  const kind = addresses.length > 0 ? "mx_private_address" : "mx_host_unresolved";
  return { lookup: { kind, mxRecords }, ttlSeconds };
}
