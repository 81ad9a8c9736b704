// Idempotent requests as Stripe (Idempotency-Key), PayPal (PayPal-Request-Id) and Resend (Idempotency-Key) keep them:
// the first answer to a key is stored with what was asked, the same request again gets that answer back, and a
// different request under a used key is refused, so a retried purchase or send can never happen twice. Providers
// forget a key after a while (Resend after 24 hours), after which it starts afresh.
import { isDeepStrictEqual } from "node:util";

export interface StoredAnswer {
  status: number;
  body: unknown;
}

interface Entry {
  /** Method and path: a key belongs to one endpoint. */
  endpoint: string;
  params: unknown;
  answer: StoredAnswer;
  storedAt: number;
}

export type Lookup =
  | { kind: "new" }
  | { kind: "replay"; answer: StoredAnswer }
  /** The key was first used with another endpoint or other parameters. */
  | { kind: "conflict" };

export interface IdempotencyOptions {
  /** How long a key is kept; never forgotten when absent. */
  ttlMs?: number;
  /** The clock, in milliseconds; tests pass their own to see a key expire without waiting. */
  now?: () => number;
}

export class IdempotentRequests {
  readonly #entries = new Map<string, Entry>();
  readonly #ttlMs: number;
  readonly #now: () => number;

  constructor(options: IdempotencyOptions = {}) {
    this.#ttlMs = options.ttlMs ?? Number.POSITIVE_INFINITY;
    this.#now = options.now ?? Date.now;
  }

  lookup(key: string, endpoint: string, params: unknown): Lookup {
    this.#forgetExpired();
    const entry = this.#entries.get(key);
    if (!entry) return { kind: "new" };
    if (entry.endpoint !== endpoint || !isDeepStrictEqual(entry.params, params)) return { kind: "conflict" };
    return { kind: "replay", answer: entry.answer };
  }

  remember(key: string, endpoint: string, params: unknown, answer: StoredAnswer): void {
    this.#forgetExpired();
    // Deleting first moves the key to the end, keeping the entries in the order they were stored.
    this.#entries.delete(key);
    this.#entries.set(key, { endpoint, params, answer, storedAt: this.#now() });
  }

  #forgetExpired(): void {
    if (this.#ttlMs === Number.POSITIVE_INFINITY) return;
    const oldest = this.#now() - this.#ttlMs;
    // A Map iterates in insertion order, so the expired entries are the ones at the front.
    for (const [key, entry] of this.#entries) {
      if (entry.storedAt > oldest) break;
      this.#entries.delete(key);
    }
  }
}
