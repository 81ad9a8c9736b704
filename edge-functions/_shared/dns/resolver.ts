// The MailDomainResolver the engine uses: one DNS lookup per domain however many addresses share it.
//
// A lookup is answered, in order, from: this instance's memory; a lookup of the same domain already under way (every
// caller waits for the one lookup); the shared store (public.mail_domain_cache, so instances and cold starts share
// answers); DNS. What DNS says is kept for its TTL within TTL_BOUNDS, in memory and in the store.
//
// Errors (SERVFAIL, timeouts, ...) are kept in memory only, for ERROR_TTL_SECONDS: long enough that a bulk list full
// of one broken domain waits for one timeout rather than one per address, short enough that a person who retries a
// minute later gets a fresh attempt. They are never written to the store: an error says more about our path to the
// resolver at that moment than about the domain, and other instances should try for themselves.
//
// For a domain with MX records, its hosts' addresses are asked too (mx-hosts.ts), within the lookup's time budget.
// Host answers are cached apart, in memory, by host name with their own TTLs: many domains share their provider's
// hosts, so a bulk list of 10,000 Google Workspace domains asks about Google's hosts once. The domain's answer is
// kept for the shortest TTL among the MX answer and the host answers it rests on.
import { ExpiringCache } from "../expiring-cache.ts";
import type { DnsClient } from "./client.ts";
import type { MailDomainLookup, MailDomainResolver } from "./mail-domain-lookup.ts";
import { type Budget, judgeMxHosts, LOOKUP_BUDGET_MS, mxHostsToCheck, timeBudget, withinBudget } from "./mx-hosts.ts";
import {
  resolveAddresses,
  type ResolvedAddresses,
  type ResolvedMailDomain,
  resolveMailDomain,
} from "./resolve-mail-domain.ts";

export const ERROR_TTL_SECONDS = 30;
/** Domains kept in memory (and, apart, MX hosts): a bulk list of 100,000 distinct domains fits, in about 30 MB. */
export const DEFAULT_MEMORY_ENTRIES = 100_000;

/** Lookups shared beyond one instance; db-store.ts keeps them in public.mail_domain_cache. */
export interface MailDomainCacheStore {
  get(domain: string): Promise<{ lookup: MailDomainLookup; expiresAt: Date } | null>;
  set(domain: string, lookup: MailDomainLookup, expiresAt: Date): Promise<void>;
}

export interface MailDomainResolverOptions {
  client: DnsClient;
  /** The shared store; without it, answers are kept in this instance's memory only. */
  cache?: MailDomainCacheStore;
  now?: () => Date;
  /** How many domains (and, apart, MX hosts) this instance keeps in memory. */
  memoryEntries?: number;
  /** The time one domain's DNS questions may take, started for each lookup DNS answers; LOOKUP_BUDGET_MS by default. */
  budget?: () => Budget;
}

export function createMailDomainResolver(options: MailDomainResolverOptions): MailDomainResolver {
  const { client, cache: store } = options;
  const now = options.now ?? (() => new Date());
  const startBudget = options.budget ?? (() => timeBudget(LOOKUP_BUDGET_MS));
  const memory = new ExpiringCache<string, MailDomainLookup>(options.memoryEntries ?? DEFAULT_MEMORY_ENTRIES);
  const inFlight = new Map<string, Promise<MailDomainLookup>>();
  const hostMemory = new ExpiringCache<string, ResolvedAddresses>(options.memoryEntries ?? DEFAULT_MEMORY_ENTRIES);
  const hostsInFlight = new Map<string, Promise<ResolvedAddresses>>();

  function hostAddresses(host: string): Promise<ResolvedAddresses> {
    const cached = hostMemory.get(host, now().getTime());
    if (cached) return Promise.resolve(cached);
    let pending = hostsInFlight.get(host);
    if (!pending) {
      pending = resolveAddresses(client, host).then((answer) => {
        const ttlSeconds = answer.kind === "error" ? ERROR_TTL_SECONDS : answer.ttlSeconds;
        hostMemory.set(host, answer, now().getTime() + ttlSeconds * 1000);
        return answer;
      }).finally(() => hostsInFlight.delete(host));
      hostsInFlight.set(host, pending);
    }
    return pending;
  }

  /** The domain's answer from DNS, its MX hosts judged, all within one budget. */
  async function resolveWithinBudget(domain: string): Promise<ResolvedMailDomain> {
    const budget = startBudget();
    const late = (what: string) => `${what}: no answer within the lookup's time budget`;
    const hostTooLate = (): ResolvedAddresses => ({ kind: "error", detail: late("A/AAAA") });
    try {
      const resolved = await withinBudget(
        budget,
        resolveMailDomain(client, domain),
        (): ResolvedMailDomain => ({ lookup: { kind: "error", detail: late(`MX ${domain}`) }, ttlSeconds: null }),
      );
      if (resolved.lookup.kind !== "mx") return resolved;
      const { mxRecords } = resolved.lookup;
      const hosts = mxHostsToCheck(mxRecords);
      const answers = await Promise.all(
        hosts.map((host) => withinBudget(budget, hostAddresses(host), hostTooLate)),
      );
      const judged = judgeMxHosts(domain, mxRecords, hosts, answers);
      if (judged.ttlSeconds === null) return judged;
      return { lookup: judged.lookup, ttlSeconds: Math.min(resolved.ttlSeconds ?? Infinity, judged.ttlSeconds) };
    } finally {
      budget.release();
    }
  }

  async function fromStore(domain: string): Promise<MailDomainLookup | undefined> {
    if (!store) return undefined;
    try {
      const stored = await store.get(domain);
      if (!stored || stored.expiresAt.getTime() <= now().getTime()) return undefined;
      const lookup = freeze(stored.lookup);
      memory.set(domain, lookup, stored.expiresAt.getTime());
      return lookup;
    } catch (error) {
      // The store is a cache: when it fails, DNS still answers.
      console.error(`mail_domain_cache: reading ${domain} failed:`, error);
      return undefined;
    }
  }

  async function fromDns(domain: string): Promise<MailDomainLookup> {
    const resolved = await resolveWithinBudget(domain);
    const lookup = freeze(resolved.lookup);
    const ttlSeconds = resolved.ttlSeconds;
    const expiresAtMs = now().getTime() + (ttlSeconds ?? ERROR_TTL_SECONDS) * 1000;
    memory.set(domain, lookup, expiresAtMs);
    if (store && ttlSeconds !== null) {
      try {
        await store.set(domain, lookup, new Date(expiresAtMs));
      } catch (error) {
        console.error(`mail_domain_cache: writing ${domain} failed:`, error);
      }
    }
    return lookup;
  }

  return {
    lookup(asciiDomain) {
      const domain = normaliseDomain(asciiDomain);
      if (domain === undefined) {
        return Promise.resolve({ kind: "error", detail: `"${asciiDomain}" is not a domain name` });
      }
      const cached = memory.get(domain, now().getTime());
      if (cached) return Promise.resolve(cached);
      let pending = inFlight.get(domain);
      if (!pending) {
        pending = (async () => (await fromStore(domain)) ?? (await fromDns(domain)))()
          .finally(() => inFlight.delete(domain));
        inFlight.set(domain, pending);
      }
      return pending;
    },
  };
}

const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

/**
 * Lower case, without the root's trailing dot, checked against DNS's limits (RFC 1035 §2.3.4). A Unicode name is
 * turned into its A-label form the way URLs do (UTS #46), so "bücher.test" and "xn--bcher-kva.test" share a lookup.
 */
function normaliseDomain(input: string): string | undefined {
  let domain = input.trim().toLowerCase().replace(/\.$/, "");
  // deno-lint-ignore no-control-regex -- everything outside ASCII
  if (/[^\x00-\x7f]/.test(domain)) {
    if (!URL.canParse(`http://${domain}/`)) return undefined;
    domain = new URL(`http://${domain}/`).hostname;
  }
  if (domain.length === 0 || domain.length > 253) return undefined;
  return domain.split(".").every((label) => LABEL.test(label)) ? domain : undefined;
}

/** Every caller of a domain gets the same object; freezing it keeps one caller from changing what the next sees. */
function freeze(lookup: MailDomainLookup): MailDomainLookup {
  if ("mxRecords" in lookup) {
    for (const record of lookup.mxRecords) Object.freeze(record);
    Object.freeze(lookup.mxRecords);
  }
  if (lookup.kind === "implicit") Object.freeze(lookup.addresses);
  return Object.freeze(lookup);
}
