// Idempotent requests as Stripe (Idempotency-Key) and PayPal (PayPal-Request-Id) keep them: the first answer to a key
// is stored with what was asked, the same request again gets that answer back, and a different request under a used
// key is refused, so a retried purchase can never charge twice.
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
}

export type Lookup =
  | { kind: "new" }
  | { kind: "replay"; answer: StoredAnswer }
  /** The key was first used with another endpoint or other parameters. */
  | { kind: "conflict" };

export class IdempotentRequests {
  readonly #entries = new Map<string, Entry>();

  lookup(key: string, endpoint: string, params: unknown): Lookup {
    const entry = this.#entries.get(key);
    if (!entry) return { kind: "new" };
    if (entry.endpoint !== endpoint || !isDeepStrictEqual(entry.params, params)) return { kind: "conflict" };
    return { kind: "replay", answer: entry.answer };
  }

  remember(key: string, endpoint: string, params: unknown, answer: StoredAnswer): void {
    this.#entries.set(key, { endpoint, params, answer });
  }
}
