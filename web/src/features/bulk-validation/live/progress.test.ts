import type { BulkProgress, BulkSession } from "@contracts/bulk-validation";
import { describe, expect, it } from "vitest";
import { addSample, applyProgress, rowsPerSecond, secondsLeft } from "./progress";

function session(id: string, extra: Partial<BulkSession> = {}): BulkSession {
  return {
    id, name: `Session ${id}`, fileName: `${id}.csv`, createdAt: "2026-03-01T10:00:00Z", uploadComplete: true,
    startedAt: "2026-03-01T10:00:01Z", completedAt: null, expiresAt: null, error: null, skippedRows: 0,
    totalEmails: 1000, processedEmails: 100, validCount: 80, invalidCount: 10, warningCount: 10, status: "running",
    mailboxPendingEmails: 0, apiKeyName: null, ...extra,
  };
}

const progress = (extra: Partial<BulkProgress>): BulkProgress => ({
  totalEmails: 1000, processedEmails: 500, validCount: 400, invalidCount: 50, warningCount: 50, status: "running",
  mailboxPendingEmails: 0, ...extra,
});

describe("applyProgress", () => {
  it("writes an event's counters and status into its session only", () => {
    const list = [session("a"), session("b")];
    const next = applyProgress(list, "b", progress({ processedEmails: 600, validCount: 500 }));
    expect(next?.[0]).toBe(list[0]);
    expect(next?.[1]).toMatchObject({ id: "b", name: "Session b", processedEmails: 600, validCount: 500 });
  });

  it("finishes a session with its final counts", () => {
    const [done] = applyProgress([session("a")], "a", progress({ processedEmails: 1000, status: "completed" })) ?? [];
    expect(done).toMatchObject({ status: "completed", processedEmails: 1000 });
  });

  it("ignores an event that would take a session back, or touch a finished one", () => {
    const list = [session("a", { processedEmails: 700 })];
    expect(applyProgress(list, "a", progress({ processedEmails: 600 }))).toBe(list);
    const finished = [session("a", { status: "completed", processedEmails: 1000 })];
    expect(applyProgress(finished, "a", progress({ processedEmails: 1000, status: "running" }))).toBe(finished);
    const cancelled = [session("a", { status: "cancelled" })];
    expect(applyProgress(cancelled, "a", progress({ status: "completed" }))).toBe(cancelled);
  });

  it("counts down the mailbox checks a processed session waits for, never back up", () => {
    const waiting = [session("a", { processedEmails: 1000, mailboxPendingEmails: 40 })];
    const fewer = applyProgress(waiting, "a", progress({ processedEmails: 1000, mailboxPendingEmails: 12, validCount: 420 }));
    expect(fewer?.[0]).toMatchObject({ mailboxPendingEmails: 12, validCount: 420, status: "running" });
    expect(applyProgress(fewer, "a", progress({ processedEmails: 1000, mailboxPendingEmails: 40 }))).toBe(fewer);
    // While rows are still processed, more of them may wait.
    const more = applyProgress(waiting, "a", progress({ processedEmails: 1000, totalEmails: 1200, mailboxPendingEmails: 12 }));
    expect(applyProgress(more, "a", progress({ processedEmails: 1100, totalEmails: 1200, mailboxPendingEmails: 30 }))?.[0])
      .toMatchObject({ processedEmails: 1100, mailboxPendingEmails: 30 });
    const [done] = applyProgress(fewer, "a", progress({ processedEmails: 1000, mailboxPendingEmails: 0, status: "completed" })) ?? [];
    expect(done).toMatchObject({ status: "completed", mailboxPendingEmails: 0 });
  });

  it("keeps the same list when nothing changes or the session is not in it", () => {
    const list = [session("a")];
    expect(applyProgress(list, "a", progress({ processedEmails: 100, validCount: 80, invalidCount: 10, warningCount: 10 }))).toBe(list);
    expect(applyProgress(list, "zzz", progress({}))).toBe(list);
    expect(applyProgress(undefined, "a", progress({}))).toBeUndefined();
  });

  it("takes a queued session to running", () => {
    const [next] = applyProgress([session("a", { status: "queued", processedEmails: 0 })], "a", progress({ processedEmails: 0 })) ?? [];
    expect(next?.status).toBe("running");
  });
});

describe("rates", () => {
  it("measures rows a second over the window and the time left at that rate", () => {
    let samples = addSample([], { at: 0, processed: 0 });
    expect(rowsPerSecond(samples)).toBeNull();
    samples = addSample(samples, { at: 1_000, processed: 2_000 });
    samples = addSample(samples, { at: 2_000, processed: 4_000 });
    expect(rowsPerSecond(samples)).toBe(2_000);
    expect(secondsLeft(10_000, 4_000, 2_000)).toBe(3);
    expect(secondsLeft(10_000, 4_000, null)).toBeNull();
  });

  it("forgets samples older than the window, keeping the two newest", () => {
    let samples = addSample([], { at: 0, processed: 0 }, 5_000);
    samples = addSample(samples, { at: 1_000, processed: 10_000 }, 5_000);
    samples = addSample(samples, { at: 20_000, processed: 11_000 }, 5_000);
    expect(samples).toEqual([{ at: 1_000, processed: 10_000 }, { at: 20_000, processed: 11_000 }]);
    samples = addSample(samples, { at: 21_000, processed: 12_000 }, 5_000);
    expect(samples).toEqual([{ at: 20_000, processed: 11_000 }, { at: 21_000, processed: 12_000 }]);
    expect(rowsPerSecond(samples)).toBe(1_000);
  });

  it("takes an unchanged count as no new sample", () => {
    const samples = addSample([], { at: 0, processed: 5 });
    expect(addSample(samples, { at: 1_000, processed: 5 })).toBe(samples);
  });
});
