// An anonymous visitor's (or anyone's) look at a probe still running after their validation answered: the probe id is
// the only key, unguessable, so the read is public, and limited per visitor through the product's one limiter so it
// can't be used to hammer the database.
import { DomainError } from "../errors.ts";
import { takeRateLimit } from "../rate-limits/index.ts";
import { type MailboxProbeAnswer, validationResultSchema } from "../validation/index.ts";
import { MAILBOX_POLL_INTERVAL_MS } from "./contract.ts";
import { mailboxProbeState } from "./privileged-requests.ts";

/** Two screens polling at the SPA's pace, with room to spare. */
export const MAILBOX_POLLS_PER_MINUTE = 2 * (60_000 / MAILBOX_POLL_INTERVAL_MS);

/** Who is counted: user:<id>, session:<id> or network:<address>, the first the request has. */
export async function pollMailboxProbe(probeId: string, visitor: string): Promise<MailboxProbeAnswer> {
  const decision = await takeRateLimit({
    subject: visitor,
    action: "mailbox_poll",
    limit: MAILBOX_POLLS_PER_MINUTE,
    windowSeconds: 60,
  });
  if (!decision.allowed) {
    throw new DomainError("rate_limited", {
      decision,
      what: `Too many looks at mailbox checks: at most ${MAILBOX_POLLS_PER_MINUTE} a minute.`,
    });
  }
  const state = await mailboxProbeState(probeId);
  if (!state) throw new DomainError("mailbox_probe_not_found");
  if (state.status === "pending") return { status: "pending", result: null };
  // A result another build stored, which this one can't read, is not answered half-read: the screen keeps waiting
  // and gives up at its own limit.
  const result = validationResultSchema.safeParse(state.result);
  return result.success ? { status: "done", result: result.data } : { status: "pending", result: null };
}
