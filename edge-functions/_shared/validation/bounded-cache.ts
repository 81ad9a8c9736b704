// A memo for per-domain work (syntax of the domain part, flags, typo suggestion) that cannot grow without end in a
// long-lived function: a bulk run over millions of distinct domains would otherwise keep every one of them.
// Eviction is first-in-first-out, not LRU: a Map keeps insertion order, so the oldest key is one step away, and a miss
// costs only a few microseconds of recomputation, so tracking recency would cost more than it saves.

export class BoundedCache<K, V> {
  readonly #entries = new Map<K, V>();

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError("capacity must be a positive integer");
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The cached value for key, computing and keeping it on a miss. compute must not return undefined. */
  getOrCompute(key: K, compute: (key: K) => V): V {
    const cached = this.#entries.get(key);
    if (cached !== undefined) return cached;
    const value = compute(key);
    if (this.#entries.size >= this.capacity) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, value);
    return value;
  }
}
