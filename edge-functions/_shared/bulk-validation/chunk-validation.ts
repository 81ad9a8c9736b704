// One chunk of a job, validated: its items (one per distinct address) grouped by domain, so each domain's DNS is asked
// once, by the group's first address, and the rest of the group is answered from the resolver's memory. Groups run
// side by side, a bounded number at a time, since nearly all of a chunk's time is spent waiting on DNS.
import type { EmailValidator, ValidationResult, Verdict } from "../validation/index.ts";

/** An item as private.bulk_claim_chunk hands it out. */
export interface ChunkItem {
  emailKey: string;
  domain: string;
}

/** An item's outcome as private.bulk_complete_chunk takes it. */
export interface ItemResult {
  emailKey: string;
  result: ValidationResult;
  verdict: Verdict;
  /** A DNS failure in the first pass: the item is retried once at the end of the job instead of counted now. */
  deferred: boolean;
  /** The mailbox probe the item waits for (its result then comes from the probe); null when none runs for it. */
  probeId: string | null;
}

/** Phase 1 is the job's first pass; phase 2 the retry of what DNS failed to answer in phase 1. */
export type ChunkPhase = 1 | 2;

/** Domains looked up at once: enough that a chunk of slow domains ends well within its lease. */
export const DOMAINS_AT_ONCE = 100;

/** The chunk's items by domain, in the order the domains first appear. */
export function groupByDomain(items: ChunkItem[]): ChunkItem[][] {
  const groups = new Map<string, ChunkItem[]>();
  for (const item of items) {
    const group = groups.get(item.domain);
    if (group) group.push(item);
    else groups.set(item.domain, [item]);
  }
  return [...groups.values()];
}

/**
 * Every item validated once. In phase 1 a result that says dns_error is deferred (the domain may answer a moment later);
 * in phase 2 it is taken as it is.
 */
export async function validateChunk(
  items: ChunkItem[],
  { validator, phase, domainsAtOnce = DOMAINS_AT_ONCE, signal }: {
    validator: EmailValidator;
    phase: ChunkPhase;
    domainsAtOnce?: number;
    /** Aborted when the work is no longer wanted (the chunk's lease was lost): no further domain is started. */
    signal?: AbortSignal;
  },
): Promise<ItemResult[]> {
  const groups = groupByDomain(items);
  const results: ItemResult[] = [];
  let next = 0;
  async function drain(): Promise<void> {
    while (next < groups.length && !signal?.aborted) {
      const group = groups[next++]!;
      for (const item of group) {
        const result = await validator(item.emailKey);
        const deferred = phase === 1 && result.reasons.includes("dns_error");
        results.push({ emailKey: item.emailKey, result, verdict: result.verdict, deferred, probeId: null });
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(domainsAtOnce, groups.length) }, drain));
  signal?.throwIfAborted();
  return results;
}
