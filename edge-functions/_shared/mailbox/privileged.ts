// The probe worker's calls to the database, past RLS: the probe queue's SQL functions (claim, renew, defer, release,
// complete), the per-MX-host politeness slots, the domain catch-all record and the worker's heartbeat row
// (migrations/*_mailbox_probe*.sql, *_smtp_host_slots.sql, *_probe_workers.sql). The worker is a process of its own,
// so it holds its own pool, made from its own SUPABASE_DB_URL rather than the functions' environment.
import postgres from "postgres";
import type { ValidationResult } from "../validation/index.ts";
import type { CatchAllTally } from "./probe.ts";

/** A probe handed to this worker under its lease. */
export interface ClaimedProbe {
  probeId: string;
  email: string;
  /** ASCII, as DNS and the MX hosts know it. */
  domain: string;
  /** The engine's DNS-only result at request time, which the mailbox check moves. */
  dnsResult: ValidationResult;
  /** Its one greylisting retry was spent already. */
  greylisted: boolean;
  /** When it expires unless finished: a greylisting retry later than this would never run. */
  deadline: Date;
}

export interface ProbeQueue {
  heartbeat(workerId: string, name: string): Promise<void>;
  /** Removes the worker's row and gives back any host slot it still holds, so nothing counts on it once it has gone. */
  leave(workerId: string): Promise<void>;
  /** Pending probes of one domain (the oldest due one's), now running under this worker's lease. */
  claim(workerId: string, leaseSeconds: number, limit: number): Promise<ClaimedProbe[]>;
  /** How many of the probes the worker still holds. */
  renew(workerId: string, probeIds: string[], leaseSeconds: number): Promise<number>;
  defer(workerId: string, probeIds: string[], notBefore: Date): Promise<void>;
  release(workerId: string, probeIds: string[]): Promise<void>;
  /** false when the lease was lost (another worker took the probe over). */
  complete(workerId: string, probeId: string, result: ValidationResult): Promise<boolean>;
  /** The domain's catch-all tally while still fresh, with its confidence (0 to 1); null when there is none. */
  knownCatchAll(domain: string): Promise<(CatchAllTally & { confidence: number }) | null>;
  /** Adds samples to the domain's catch-all record and answers its confidence, 0 to 1. */
  recordCatchAll(domain: string, samples: number, accepted: number): Promise<number>;
  /** 0 when this worker now holds a slot of the host (and may connect), else milliseconds to wait before asking again. */
  takeHostSlot(host: string, workerId: string, leaseSeconds: number): Promise<number>;
  releaseHostSlot(host: string, workerId: string): Promise<void>;
  /** Calls `wake` whenever a probe is queued; resolves once listening. */
  onQueued(wake: () => void): Promise<void>;
  close(): Promise<void>;
}

/** The notification private.request_mailbox_probes sends when it queues a probe. */
const QUEUED_CHANNEL = "mailbox_probes";

export function probeQueue(dbUrl: string, options: { connections: number }): ProbeQueue {
  const sql = postgres(dbUrl, {
    max: options.connections,
    idle_timeout: 60,
    connect_timeout: 10,
    onnotice: () => {},
    connection: { application_name: "mailscout-probe-worker" },
  });
  return {
    async heartbeat(workerId, name) {
      await sql`select private.probe_worker_heartbeat(${workerId}, ${name})`;
    },
    async leave(workerId) {
      await sql`select private.remove_probe_worker(${workerId})`;
    },
    async claim(workerId, leaseSeconds, limit) {
      const rows = await sql<
        { probe_id: string; email: string; domain: string; dns_result: ValidationResult; greylisted: boolean; deadline: Date }[]
      >`
        select c.probe_id, c.email, c.domain, c.dns_result, c.greylisted, p.deadline
        from private.claim_mailbox_probes(${workerId}, ${leaseSeconds}, ${limit}) as c
        join public.mailbox_probes as p on p.id = c.probe_id
      `;
      return rows.map((row) => ({
        probeId: row.probe_id,
        email: row.email,
        domain: row.domain,
        dnsResult: row.dns_result,
        greylisted: row.greylisted,
        deadline: row.deadline,
      }));
    },
    async renew(workerId, probeIds, leaseSeconds) {
      const [row] = await sql<{ held: number }[]>`
        select private.renew_mailbox_probe_leases(${workerId}, ${probeIds}::uuid[], ${leaseSeconds}) as held
      `;
      return row!.held;
    },
    async defer(workerId, probeIds, notBefore) {
      await sql`select private.defer_mailbox_probes(${workerId}, ${probeIds}::uuid[], ${notBefore})`;
    },
    async release(workerId, probeIds) {
      await sql`select private.release_mailbox_probes(${workerId}, ${probeIds}::uuid[])`;
    },
    async complete(workerId, probeId, result) {
      const [row] = await sql<{ done: boolean }[]>`
        select private.complete_mailbox_probe(${workerId}, ${probeId}, ${sql.json(result as never)}) as done
      `;
      return row!.done;
    },
    async knownCatchAll(domain) {
      const [row] = await sql<{ samples: number; accepted: number; confidence: string }[]>`
        select c.samples, c.accepted, private.catch_all_confidence(c.samples, c.accepted) as confidence
        from public.mail_domain_catch_all as c
        where c.domain = ${domain} and c.expires_at > now()
      `;
      return row ? { samples: row.samples, accepted: row.accepted, confidence: Number(row.confidence) } : null;
    },
    async recordCatchAll(domain, samples, accepted) {
      const [row] = await sql<{ confidence: string }[]>`
        select private.record_domain_catch_all(${domain}, ${samples}, ${accepted}) as confidence
      `;
      return Number(row!.confidence);
    },
    async takeHostSlot(host, workerId, leaseSeconds) {
      const [row] = await sql<{ wait_ms: number }[]>`
        select private.take_smtp_host_slot(${host}, ${workerId}, ${leaseSeconds}) as wait_ms
      `;
      return row!.wait_ms;
    },
    async releaseHostSlot(host, workerId) {
      await sql`select private.release_smtp_host_slot(${host}, ${workerId})`;
    },
    async onQueued(wake) {
      await sql.listen(QUEUED_CHANNEL, () => wake());
    },
    async close() {
      await sql.end({ timeout: 5 });
    },
  };
}
