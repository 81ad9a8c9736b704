// A bounded, least-recently-used map whose entries each expire, for state one function instance keeps between
// requests (DNS lookups, verified access tokens). A Map keeps insertion order, so re-inserting on every hit makes its
// first key the least recently used one, which goes when the map is full. Expired entries are dropped when read, and
// otherwise age out through the same eviction: a full scan to sweep them would cost more than it frees.

export class ExpiringCache<K, V> {
  readonly #entries = new Map<K, { value: V; expiresAtMs: number }>();

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError("capacity must be a positive integer");
  }

  /** The value while it is fresh at `nowMs`; an expired one is dropped. */
  get(key: K, nowMs: number): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (entry.expiresAtMs <= nowMs) return undefined;
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value` until `expiresAtMs`, replacing what `key` held. */
  set(key: K, value: V, expiresAtMs: number): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value, expiresAtMs });
    if (this.#entries.size > this.capacity) this.#entries.delete(this.#entries.keys().next().value!);
  }

  /** Forgets `key`; whether it was there (fresh or not). */
  delete(key: K): boolean {
    return this.#entries.delete(key);
  }

  get size(): number {
    return this.#entries.size;
  }
}
