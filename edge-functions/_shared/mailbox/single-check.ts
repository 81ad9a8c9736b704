// One address's mailbox check, as a single validation asks for it (the app's and the public API's alike): a probe is
// requested for a domain that takes mail, a fresh stored finding is applied at once, and a queued probe is waited for
// a few seconds before the answer says it is still running and where to poll.
//
// The wait polls the probe's row rather than LISTENing: the worker tells of a finished probe over Realtime broadcast,
// not NOTIFY, and a LISTEN would hold one of the instance's few database connections for every waiting request,
// where a poll borrows one for a moment every POLL_INTERVAL_MS.
import { env } from "../env.ts";
import { applyMailbox, parseAddress, type ValidationResult } from "../validation/index.ts";
import { type SmtpCheck, smtpCheckSchema } from "./contract.ts";
import {
  mailboxProbeState,
  type ProbeRequestAnswer,
  type ProbeRequestItem,
  type ProbeRequester,
  requestMailboxProbes,
} from "./privileged-requests.ts";

/** How often a waiting validation looks whether its probe is done. */
export const POLL_INTERVAL_MS = 150;

export interface MailboxCheckDependencies {
  requestProbes(items: ProbeRequestItem[], requester: ProbeRequester): Promise<ProbeRequestAnswer[]>;
  probeState(probeId: string): Promise<{ status: "pending" | "done"; result: unknown | null } | null>;
  /** SMTP_PROBE_WAIT_SECONDS: 0 answers a queued probe as pending at once. */
  waitSeconds: number;
  pollIntervalMs?: number;
}

/**
 * The engine's DNS result with its mailbox check: the verdict moved by a finished probe's finding, or the DNS verdict
 * with `smtp` saying the check is pending (and its probe id) or was not made and why. Results the engine did not mark
 * `not_requested` (the domain takes no mail) are answered as they are.
 */
export async function withMailboxCheck(
  result: ValidationResult,
  userId: string | null,
  dependencies: MailboxCheckDependencies,
): Promise<ValidationResult> {
  if (result.smtp.status !== "not_checked" || result.smtp.reason !== "not_requested") return result;
  const address = parseAddress(result.email);
  if (!address.ok) return result;
  const [answer] = await dependencies.requestProbes(
    [{ email: result.email, domainAscii: address.domainAscii, dnsResult: result }],
    { userId, bulkSessionId: null },
  );
  if (!answer || answer.status === "no_worker") {
    return applyMailbox(result, { status: "not_checked", reason: "no_worker" });
  }
  if (answer.status === "done") return applyMailbox(result, answer.smtp);
  const finding = await waitForProbe(answer.probeId, dependencies);
  return applyMailbox(result, finding ?? { status: "pending", probeId: answer.probeId });
}

/** The finished probe's check, or null when it is still running once the wait is up. */
async function waitForProbe(
  probeId: string,
  { probeState, waitSeconds, pollIntervalMs = POLL_INTERVAL_MS }: MailboxCheckDependencies,
): Promise<SmtpCheck | null> {
  const deadline = Date.now() + waitSeconds * 1000;
  for (let left = deadline - Date.now(); left > 0; left = deadline - Date.now()) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(pollIntervalMs, left)));
    const state = await probeState(probeId);
    if (state?.status === "done") return storedCheck(state.result);
  }
  return null;
}

/** The check a finished probe stored with its result; a row another build wrote, unreadable, counts as unfinished. */
function storedCheck(result: unknown): SmtpCheck | null {
  const smtp = typeof result === "object" && result !== null ? (result as { smtp?: unknown }).smtp : undefined;
  const parsed = smtpCheckSchema.safeParse(smtp);
  return parsed.success && parsed.data.status !== "pending" ? parsed.data : null;
}

/** withMailboxCheck against the database and SMTP_PROBE_WAIT_SECONDS. */
export function checkMailbox(result: ValidationResult, userId: string | null): Promise<ValidationResult> {
  return withMailboxCheck(result, userId, {
    requestProbes: requestMailboxProbes,
    probeState: mailboxProbeState,
    waitSeconds: env().SMTP_PROBE_WAIT_SECONDS,
  });
}
