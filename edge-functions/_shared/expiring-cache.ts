// The one in-memory cache for state a function instance keeps between requests: bounded, least recently used first
// out, in O(1) through lru-cache. A hand-rolled Map that evicted through `keys().next()` slowed to a crawl with many
// distinct keys, because V8 leaves deleted entries at the front of a Map for the iterator to step over until the next
// rehash (measured: 100,000 distinct domains took the engine from 1,000,000 to 66,500 addresses a second).
//
// ExpiringCache adds an expiry to each entry (DNS lookups, verified access tokens), compared against the caller's
// clock so that tests can move time by hand; memoise is the same cache without expiry, for pure per-key work.
import { LRUCache } from "lru-cache";

function checkCapacity(capacity: number): void {
  if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError("capacity must be a positive integer");
}

export class ExpiringCache<K extends NonNullable<unknown>, V> {
  readonly #entries: LRUCache<K, { value: V; expiresAtMs: number }>;

  constructor(readonly capacity: number) {
    checkCapacity(capacity);
    this.#entries = new LRUCache({ max: capacity });
  }

  /** The value while it is fresh at `nowMs`; an expired one is dropped. A hit makes the key the most recent. */
  get(key: K, nowMs: number): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAtMs <= nowMs) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps `value` until `expiresAtMs`, replacing what `key` held; the least recently used key goes when full. */
  set(key: K, value: V, expiresAtMs: number): void {
    this.#entries.set(key, { value, expiresAtMs });
  }

  /** Forgets `key`; whether it was there (fresh or not). */
  delete(key: K): boolean {
    return this.#entries.delete(key);
  }

  get size(): number {
    return this.#entries.size;
  }
}

/**
 * `compute` remembered for the `capacity` most recently used keys: for per-key work whose answer never goes stale
 * (the syntax of a domain part, what the lists say about a domain). Answers are objects or other non-null values.
 */
export function memoise<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(
  capacity: number,
  compute: (key: K) => V,
): (key: K) => V {
  checkCapacity(capacity);
  const entries = new LRUCache<K, V>({ max: capacity });
  return (key) => {
    let value = entries.get(key);
    if (value === undefined) {
      value = compute(key);
      entries.set(key, value);
    }
    return value;
  };
}
