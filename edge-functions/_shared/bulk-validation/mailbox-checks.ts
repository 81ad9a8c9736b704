// Asking for the mailbox checks of a bulk chunk's verdicts at once, after its DNS pass: one request for the whole chunk
// (the database queues, joins or answers from its store per address), so a chunk of a thousand addresses costs one
// round trip, not a thousand. Nothing waits here: an address whose probe still runs is stored waiting, and the probe's
// end moves its verdict in the database.
import {
  type ProbeRequestAnswer,
  type ProbeRequester,
  type ProbeRequestItem,
  requestMailboxProbes,
  type SmtpCheck,
} from "../mailbox/index.ts";
import { applyMailbox, parseDomain, type ValidationResult } from "../validation/index.ts";
import type { ItemResult } from "./chunk-validation.ts";

/** private.request_mailbox_probes as the TS wrapper calls it; a test may pass its own. */
export type RequestProbes = (items: ProbeRequestItem[], requester: ProbeRequester) => Promise<ProbeRequestAnswer[]>;

/** A verdict with its mailbox check as far as it got: `probeId` while a probe still runs for it. */
export interface MailboxChecked {
  result: ValidationResult;
  probeId: string | null;
}

/** The engine leaves the mailbox of a receiving domain to a probe; every other address has its reason already. */
export function awaitsProbe(result: ValidationResult): boolean {
  return result.smtp.status === "not_checked" && result.smtp.reason === "not_requested";
}

/** The probes' key for an address: what private.request_mailbox_probes answers as email_key. */
function probeKey(result: ValidationResult): string {
  return result.email.toLowerCase();
}

function probeItem(result: ValidationResult): ProbeRequestItem {
  const domain = parseDomain(result.domain);
  return { email: result.email, domainAscii: domain.ok ? domain.ascii : result.domain, dnsResult: result };
}

function smtpOf(answer: ProbeRequestAnswer): SmtpCheck {
  switch (answer.status) {
    case "done":
      return answer.smtp;
    case "pending":
      return { status: "pending", probeId: answer.probeId };
    case "no_worker":
      return { status: "not_checked", reason: "no_worker" };
  }
}

/**
 * Each result with its mailbox check, in the order given: a stored probe result applied now, a probe pending (its id
 * kept), or not checked since no probe worker runs. Addresses the engine did not leave to a probe come back as they
 * were; an address given twice is asked for once.
 */
export async function requestMailboxChecks(
  results: ValidationResult[],
  requester: ProbeRequester,
  request: RequestProbes = requestMailboxProbes,
): Promise<MailboxChecked[]> {
  const asking = new Map<string, ValidationResult>();
  for (const result of results) if (awaitsProbe(result) && !asking.has(probeKey(result))) asking.set(probeKey(result), result);
  if (asking.size === 0) return results.map((result) => ({ result, probeId: null }));

  const answers = new Map((await request([...asking.values()].map(probeItem), requester)).map((answer) => [answer.emailKey, answer]));
  return results.map((result) => {
    if (!awaitsProbe(result)) return { result, probeId: null };
    const answer = answers.get(probeKey(result));
    if (!answer) throw new Error(`the mailbox probe request gave no answer for ${result.email}`);
    return { result: applyMailbox(result, smtpOf(answer)), probeId: answer.status === "pending" ? answer.probeId : null };
  });
}

/**
 * A chunk's items after its DNS pass, with their mailbox checks, in one request for the chunk. An item deferred by a
 * DNS failure is not asked for: the engine leaves no mailbox to check where DNS did not answer.
 */
export async function checkItemMailboxes(
  items: ItemResult[],
  requester: ProbeRequester,
  request: RequestProbes = requestMailboxProbes,
): Promise<ItemResult[]> {
  const checked = await requestMailboxChecks(items.map((item) => item.result), requester, request);
  return items.map((item, index) => {
    const { result, probeId } = checked[index]!;
    return { ...item, result, verdict: result.verdict, probeId };
  });
}
