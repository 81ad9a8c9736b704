// The probe worker: a long-running process (edge-functions/probe-worker/main.ts) that takes queued mailbox probes from
// Postgres and asks the domains' mail servers about them. It is not an Edge Function, since those cannot open port 25;
// any number of workers on any hosts share the queue, because every probe is claimed under a lease
// (`for update skip locked`) and every MX host's connections are counted in the database, across workers.
//
// Per domain batch: hold one of the MX host's slots (waiting the interval the database asks for), keep the probes'
// leases alive while the conversation runs, probe, then store each address's result moved by the mailbox check. A
// first greylisting goes back to the queue until the server's delay has passed, if that is before the probe's deadline;
// a failure gives the probes back for another attempt. A worker that dies loses nothing: its leases run out and
// another worker takes the probes over.
import { applyMailbox, type ValidationResult } from "../validation/index.ts";
import type { SmtpChecked } from "./contract.ts";
import type { ClaimedProbe, ProbeQueue } from "./privileged.ts";
import type { DnsClient } from "../dns/index.ts";
import type { AddressProbe, DomainProbe, ProbeDomainInput, ProbeSettings } from "./probe.ts";

/** A live worker says so this often; the api counts a worker seen in the last 30 s as there to take a probe. */
export const HEARTBEAT_MS = 10_000;
/** How long the worker sleeps between claims when no notification wakes it: the notification can be missed (the
 * connection dropped), and a deferred probe comes due without one. */
export const POLL_MS = 1_000;
/** A probe's lease, renewed every LEASE_RENEW_MS while its batch is worked on: a worker that dies frees its probes in
 * seconds. */
export const LEASE_SECONDS = 10;
export const LEASE_RENEW_MS = 3_000;
/** Addresses of one domain asked about in one conversation. */
export const BATCH_ADDRESSES = 50;
/** How long a stopping worker lets its conversations finish before it gives their probes back. */
export const STOP_GRACE_MS = 3_000;

export interface ProbeWorkerOptions {
  /** The worker's id (its heartbeat row's, and the owner of its leases and host slots) and its name in that row. */
  id: string;
  name: string;
  queue: ProbeQueue;
  probeDomain: (input: ProbeDomainInput) => Promise<DomainProbe>;
  probeSettings: ProbeSettings;
  /** The project's DNS client (DNS_SERVERS), for the MX hosts' addresses. */
  dns: DnsClient;
  domainsAtOnce: number;
  /** Aborted to stop: the worker claims nothing more, finishes or gives back what it holds and leaves. */
  stop: AbortSignal;
  log: (line: string) => void;
  /** Called once the worker's heartbeat row exists, so whoever started it knows it takes probes. */
  onReady?: () => void;
}

/** Runs until `stop` aborts, then resolves once everything it held is stored or given back and its row is gone. */
export async function runProbeWorker(options: ProbeWorkerOptions): Promise<void> {
  const { id, name, queue, stop, log } = options;
  await queue.heartbeat(id, name);
  const heartbeat = setInterval(() => {
    queue.heartbeat(id, name).catch((error) => log(`heartbeat failed: ${describe(error)}`));
  }, HEARTBEAT_MS);
  // A notification that arrives while the worker is busy claiming is kept, so the next wait ends at once.
  let wakeUp = new AbortController();
  await queue.onQueued(() => wakeUp.abort());
  options.onReady?.();

  const working = new Set<Promise<void>>();
  // Aborted STOP_GRACE_MS after a stop: conversations still running then end, and their probes are given back.
  const giveUp = new AbortController();
  stop.addEventListener("abort", () => setTimeout(() => giveUp.abort(), STOP_GRACE_MS), { once: true });
  try {
    while (!stop.aborted) {
      if (wakeUp.signal.aborted) wakeUp = new AbortController();
      let claimed = false;
      while (!stop.aborted && working.size < options.domainsAtOnce) {
        const batch = await queue.claim(id, LEASE_SECONDS, BATCH_ADDRESSES).catch((error) => {
          log(`claiming probes failed: ${describe(error)}`);
          return [];
        });
        if (batch.length === 0) break;
        claimed = true;
        const work = workBatch(batch, options, giveUp.signal).finally(() => {
          working.delete(work);
          wakeUp.abort();
        });
        working.add(work);
      }
      // A full house waits for a batch to end; an empty claim waits for a notification or the poll.
      if (!claimed || working.size >= options.domainsAtOnce) {
        await pause(POLL_MS, AbortSignal.any([stop, wakeUp.signal]));
      }
    }
    await Promise.all(working);
  } finally {
    clearInterval(heartbeat);
    await queue.leave(id).catch((error) => log(`removing the heartbeat row failed: ${describe(error)}`));
  }
}

/** One domain's claimed probes, start to end; never throws. */
async function workBatch(probes: ClaimedProbe[], options: ProbeWorkerOptions, giveUp: AbortSignal): Promise<void> {
  const { id, queue, log } = options;
  const unfinished = new Set(probes.map((probe) => probe.probeId));
  const { domain, dnsResult } = probes[0]!;
  const mxHosts = mxHostsOf(dnsResult, domain);
  const renewal = setInterval(() => {
    queue.renew(id, [...unfinished], LEASE_SECONDS).catch((error) => log(`renewing leases failed: ${describe(error)}`));
  }, LEASE_RENEW_MS);
  // The host the conversation starts with is the one whose connections are counted.
  const host = mxHosts[0]!;
  let holdsSlot = false;
  try {
    holdsSlot = await takeHostSlot(queue, host, id, slotLeaseSeconds(options.probeSettings), giveUp);
    if (!holdsSlot) throw new Error("the worker stopped while waiting for the host");
    // A fresh finding spares the server the made-up addresses, and is not counted again.
    const known = await queue.knownCatchAll(domain);
    const probe = await options.probeDomain({
      domain,
      addresses: probes.map((claimed) => claimed.email),
      mxHosts,
      catchAllKnown: known,
      greylistRetry: new Set(probes.filter((claimed) => claimed.greylisted).map((claimed) => claimed.email)),
      settings: options.probeSettings,
      dns: options.dns,
      signal: giveUp,
    });
    // Cut short by the stop: what it did not ask about is given back, not stored as unavailable.
    if (giveUp.aborted) throw new Error("the worker stopped mid-conversation");
    await queue.releaseHostSlot(host, id);
    holdsSlot = false;
    const { samples, accepted } = probe.catchAll;
    const confidence = known ? known.confidence : samples > 0 ? await queue.recordCatchAll(domain, samples, accepted) : null;
    const checkedAt = new Date();
    const later = new Map<number, string[]>();
    for (const claimed of probes) {
      const answer = probe.results.get(claimed.email);
      const retryAt = greylistRetryAt(claimed.deadline, answer?.retryAfterMs, checkedAt);
      if (retryAt) {
        later.set(retryAt.getTime(), [...(later.get(retryAt.getTime()) ?? []), claimed.probeId]);
        continue;
      }
      const result = applyMailbox(claimed.dnsResult, smtpCheckOf(probe, answer, confidence, checkedAt));
      if (!(await queue.complete(id, claimed.probeId, result))) log(`probe ${claimed.probeId} was taken over`);
      unfinished.delete(claimed.probeId);
    }
    for (const [at, ids] of later) {
      await queue.defer(id, ids, new Date(at));
      for (const probeId of ids) unfinished.delete(probeId);
    }
  } catch (error) {
    log(`probing ${domain} failed, giving ${unfinished.size} probe(s) back: ${describe(error)}`);
    await queue.release(id, [...unfinished]).catch((failure) => log(`giving probes back failed: ${describe(failure)}`));
  } finally {
    clearInterval(renewal);
    if (holdsSlot) await queue.releaseHostSlot(host, id).catch(() => {});
  }
}

/** Asks for a slot until it is held (true) or `signal` aborts first (false). */
async function takeHostSlot(
  queue: ProbeQueue,
  host: string,
  workerId: string,
  leaseSeconds: number,
  signal: AbortSignal,
): Promise<boolean> {
  while (!signal.aborted) {
    const waitMs = await queue.takeHostSlot(host, workerId, leaseSeconds);
    if (waitMs <= 0) return true;
    await pause(waitMs, signal);
  }
  return false;
}

/** A slot is held for one conversation, which the probe's timeout bounds; a dead worker's slot frees after that. */
export function slotLeaseSeconds(settings: Pick<ProbeSettings, "probeTimeoutMs">): number {
  return Math.ceil(settings.probeTimeoutMs / 1000) + 5;
}

/** The MX hosts in the order the engine found them (lowest priority value first), or the domain itself when it takes
 * mail at its own address (implicit MX). */
export function mxHostsOf(dnsResult: Pick<ValidationResult, "mxRecords">, domain: string): string[] {
  const hosts = [...dnsResult.mxRecords]
    .sort((a, b) => a.priority - b.priority)
    .map((record) => record.exchange.replace(/\.$/, "").toLowerCase())
    .filter((host) => host !== "");
  return hosts.length > 0 ? [...new Set(hosts)] : [domain];
}

/** When a first greylisting (the probe gives its delay only then) is retried, or null: none, or due past the
 * deadline, when the address ends as greylisted. */
export function greylistRetryAt(deadline: Date, retryAfterMs: number | undefined, now: Date): Date | null {
  if (retryAfterMs === undefined) return null;
  const at = new Date(now.getTime() + retryAfterMs);
  return at < deadline ? at : null;
}

const DELIVERABLE: Record<SmtpChecked["outcome"], boolean | null> = {
  exists: true,
  not_found: false,
  full: false,
  catch_all: null,
  blocked: null,
  unavailable: null,
  greylisted: null,
  unverifiable: null,
};

/** The check for one address from its domain's conversation; an address the probe has no answer for (the
 * conversation ended before it) was not reachable. */
export function smtpCheckOf(
  probe: DomainProbe,
  answer: AddressProbe | undefined,
  catchAllConfidence: number | null,
  checkedAt: Date,
): SmtpChecked {
  const outcome = answer?.outcome ?? "unavailable";
  return {
    status: "checked",
    outcome,
    smtpConnectable: probe.connectable,
    smtpDeliverable: DELIVERABLE[outcome],
    isCatchAll: outcome === "catch_all",
    catchAllConfidence,
    mxHost: probe.mxHost,
    tls: probe.tls,
    reply: answer?.reply ?? null,
    // Named only where the provider's habit decided the outcome.
    provider: outcome === "unverifiable" ? probe.provider : null,
    checkedAt: checkedAt.toISOString(),
  };
}

/** Resolves after `ms`, or at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
  });
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
