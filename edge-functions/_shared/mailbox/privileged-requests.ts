// Asking for mailbox probes, on the functions' own connection: private.request_mailbox_probes (migrations/
// *_mailbox_probe_jobs.sql) queues what needs probing, joins a probe already queued for the same address, and answers a
// fresh stored result (or the domain's catch-all finding) without queueing anything.
import { database } from "../db/pool.ts";
import type { SmtpCheck } from "./contract.ts";

export interface ProbeRequestItem {
  /** Normalised as the engine answers it. */
  email: string;
  /** The domain in ASCII (punycode), as DNS and the MX hosts know it. */
  domainAscii: string;
  /** The engine's DNS-only result, stored with the probe so the worker moves the verdict from it. */
  dnsResult: unknown;
}

/**
 * - done: a stored result is fresh; `smtp` is its check, to apply to the new DNS result;
 * - pending: queued (or joined) as `probeId`;
 * - no_worker: no probe worker was seen lately, so nothing was queued.
 */
export type ProbeRequestAnswer =
  | { emailKey: string; status: "done"; smtp: SmtpCheck }
  | { emailKey: string; status: "pending"; probeId: string }
  | { emailKey: string; status: "no_worker" };

export interface ProbeRequester {
  /** Told over `user:{userId}` when the probe is done. */
  userId: string | null;
  /** A bulk job whose items wait for the probes. */
  bulkSessionId: string | null;
}

export async function requestMailboxProbes(
  items: ProbeRequestItem[],
  requester: ProbeRequester,
): Promise<ProbeRequestAnswer[]> {
  if (items.length === 0) return [];
  const rows = await database()<{ email_key: string; status: string; probe_id: string | null; smtp: SmtpCheck | null }[]>`
    select * from private.request_mailbox_probes(
      ${database().json(items.map((item) => ({ email: item.email, domain: item.domainAscii, dnsResult: item.dnsResult })) as never)},
      ${requester.userId}, ${requester.bulkSessionId}
    )
  `;
  return rows.map((row): ProbeRequestAnswer => {
    if (row.status === "done" && row.smtp) return { emailKey: row.email_key, status: "done", smtp: row.smtp };
    if (row.status === "pending" && row.probe_id) return { emailKey: row.email_key, status: "pending", probeId: row.probe_id };
    return { emailKey: row.email_key, status: "no_worker" };
  });
}

/** A probe's state for the anonymous visitor's poll: done with the final result, pending, or null for no such probe. */
export async function mailboxProbeState(
  probeId: string,
): Promise<{ status: "pending" | "done"; result: unknown | null } | null> {
  const [row] = await database()<{ status: string; result: unknown | null }[]>`
    select p.status, p.result from public.mailbox_probes as p where p.id = ${probeId}
  `;
  if (!row) return null;
  return row.status === "done" || row.status === "expired"
    ? { status: "done", result: row.result }
    : { status: "pending", result: null };
}
