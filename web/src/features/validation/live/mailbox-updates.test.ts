import type { MailboxProbeAnswer } from "@contracts/validation";
import { describe, expect, it } from "vitest";
import { deliverableResult, mailboxNotFoundResult, PROBE_ID, pendingResult } from "@/test/validation-results";
import { applyValidationUpdate, pendingProbeOf, settledAnswer, shownResult } from "./mailbox-updates";

const OTHER_PROBE = "1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e";
const pending: MailboxProbeAnswer = { status: "pending", result: null };
const done: MailboxProbeAnswer = { status: "done", result: mailboxNotFoundResult() };
const event = (probeId: string) => ({ probeId, email: "nobody@mailbox.test", result: mailboxNotFoundResult() });

describe("mailbox check updates", () => {
  it("follows a result only while its mailbox check runs", () => {
    expect(pendingProbeOf(pendingResult())).toBe(PROBE_ID);
    expect(pendingProbeOf(deliverableResult())).toBeUndefined();
    expect(pendingProbeOf(mailboxNotFoundResult())).toBeUndefined();
    expect(pendingProbeOf(undefined)).toBeUndefined();
  });

  it("takes the live event of the followed probe as its final answer, and ignores any other probe's", () => {
    expect(applyValidationUpdate(pending, event(PROBE_ID), PROBE_ID)).toEqual(done);
    expect(applyValidationUpdate(undefined, event(PROBE_ID), PROBE_ID)).toEqual(done);
    expect(applyValidationUpdate(pending, event(OTHER_PROBE), PROBE_ID)).toBe(pending);
    expect(applyValidationUpdate(undefined, event(OTHER_PROBE), PROBE_ID)).toBeUndefined();
  });

  it("never goes back from done: a poll answered pending after the event keeps the final answer", () => {
    expect(settledAnswer(done, pending)).toBe(done);
    expect(settledAnswer(done, { status: "done", result: deliverableResult("nobody@mailbox.test") })).toBe(done);
    expect(settledAnswer(pending, done)).toBe(done);
    expect(settledAnswer(undefined, pending)).toBe(pending);
  });

  it("shows the final result once the probe is done, the first answer before", () => {
    const first = pendingResult();
    expect(shownResult(first, undefined)).toBe(first);
    expect(shownResult(first, pending)).toBe(first);
    expect(shownResult(first, done)).toBe(done.result);
    // A probe the server gave up on without a result leaves the first answer.
    expect(shownResult(first, { status: "done", result: null })).toBe(first);
    // A result that was never pending is shown as it is.
    const checked = mailboxNotFoundResult();
    expect(shownResult(checked, { status: "done", result: deliverableResult() })).toBe(checked);
  });
});
