// A bounded, least-recently-used map of lookups with their expiry, for one function instance. A Map keeps insertion
// order, so re-inserting on every hit makes its first key the least recently used one, which goes when it is full.
import type { MailDomainLookup } from "./mail-domain-lookup.ts";

export interface CachedLookup {
  lookup: MailDomainLookup;
  expiresAtMs: number;
}

export class LookupMemoryCache {
  readonly #entries = new Map<string, CachedLookup>();

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError("capacity must be a positive integer");
  }

  /** The entry while it is fresh at `nowMs`; an expired one is dropped. */
  get(domain: string, nowMs: number): CachedLookup | undefined {
    const entry = this.#entries.get(domain);
    if (!entry) return undefined;
    this.#entries.delete(domain);
    if (entry.expiresAtMs <= nowMs) return undefined;
    this.#entries.set(domain, entry);
    return entry;
  }

  set(domain: string, entry: CachedLookup): void {
    this.#entries.delete(domain);
    this.#entries.set(domain, entry);
    if (this.#entries.size > this.capacity) this.#entries.delete(this.#entries.keys().next().value!);
  }

  get size(): number {
    return this.#entries.size;
  }
}
