// What a mailbox check's updates do to the card. Pure, so the rules are tested without a socket or a timer: a probe's
// done answer (from the live event or a poll) is final and replaces the shown result of that probe only; a later
// "pending" (a poll that was in flight) never takes it back.
import { type MailboxProbeAnswer, type ValidationResult, validationResultSchema } from "@contracts/validation";
import { z } from "zod";

/** Sent by the database on the user's topic when a probe they asked for is done (or expired). */
export const validationUpdatedEventSchema = z.object({
  probeId: z.uuid(),
  email: z.string(),
  result: validationResultSchema,
});
export type ValidationUpdatedEvent = z.infer<typeof validationUpdatedEventSchema>;

/** The probe being followed by a shown result, or undefined when the result's mailbox check is not running. */
export function pendingProbeOf(result: ValidationResult | undefined): string | undefined {
  return result?.smtp.status === "pending" ? result.smtp.probeId : undefined;
}

/** The cached answer after `incoming`: done wins over pending, and the first done answer stays. */
export function settledAnswer(
  cached: MailboxProbeAnswer | undefined,
  incoming: MailboxProbeAnswer,
): MailboxProbeAnswer {
  return cached?.status === "done" ? cached : incoming;
}

/** The followed probe's cached answer after a live event: done with the event's result when the event is about that
 * probe; unchanged for any other (a validation in another tab). */
export function applyValidationUpdate(
  cached: MailboxProbeAnswer | undefined,
  event: ValidationUpdatedEvent,
  followedProbeId: string,
): MailboxProbeAnswer | undefined {
  if (event.probeId !== followedProbeId) return cached;
  return settledAnswer(cached, { status: "done", result: event.result });
}

/** What the card shows: the probe's final result once it is done, the first answer before. */
export function shownResult(result: ValidationResult, answer: MailboxProbeAnswer | undefined): ValidationResult {
  if (pendingProbeOf(result) === undefined || answer?.status !== "done" || !answer.result) return result;
  return answer.result;
}
