import { describe, expect, it } from "vitest";
import { syncRun } from "@/test/crm";
import { applyRunProgress, isUnfinished } from "./run-progress";

const other = syncRun({ jobId: "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", status: "completed", processed: 250 });

describe("applyRunProgress", () => {
  it("writes a run's counts and status into its own entry only", () => {
    const list = [syncRun(), other];
    const next = applyRunProgress(list, syncRun({ processed: 150, created: 140 }));
    expect(next?.[0]).toMatchObject({ processed: 150, created: 140, status: "running" });
    expect(next?.[1]).toBe(other);
    expect(list[0]?.processed).toBe(100);
  });

  it("finishes a run, and pauses one with its reason", () => {
    const [done] = applyRunProgress([syncRun()], syncRun({ status: "completed", processed: 250 })) ?? [];
    expect(done).toMatchObject({ status: "completed", processed: 250 });
    const [paused] = applyRunProgress([syncRun()], syncRun({ status: "paused", message: "Zoho's daily API credits are spent" })) ?? [];
    expect(paused).toMatchObject({ status: "paused", message: "Zoho's daily API credits are spent" });
  });

  it("never takes a run back, nor changes a finished one", () => {
    const list = [syncRun({ processed: 200 })];
    expect(applyRunProgress(list, syncRun({ processed: 150 }))).toBe(list);
    const finished = [syncRun({ status: "completed", processed: 250 })];
    expect(applyRunProgress(finished, syncRun({ status: "running", processed: 240 }))).toBe(finished);
    const failed = [syncRun({ status: "failed", message: "Zoho asks to reconnect" })];
    expect(applyRunProgress(failed, syncRun({ status: "completed" }))).toBe(failed);
  });

  it("ends a run whose last counts came with a refetch already, and resumes a paused one", () => {
    const list = [syncRun({ processed: 250 })];
    expect(applyRunProgress(list, syncRun({ processed: 250, status: "completed" }))?.[0]?.status).toBe("completed");
    const paused = [syncRun({ status: "paused", processed: 120 })];
    expect(applyRunProgress(paused, syncRun({ status: "running", processed: 120 }))?.[0]?.status).toBe("running");
  });

  it("keeps the same list when the event says nothing new", () => {
    const list = [syncRun()];
    expect(applyRunProgress(list, syncRun())).toBe(list);
  });

  it("puts a run the list does not hold yet first, and leaves an unloaded list alone", () => {
    const started = syncRun({ jobId: "9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a", processed: 0, status: "pending" });
    expect(applyRunProgress([other], started)).toEqual([started, other]);
    expect(applyRunProgress(undefined, started)).toBeUndefined();
  });
});

describe("isUnfinished", () => {
  it("holds pending, running and paused runs open", () => {
    expect(["pending", "running", "paused", "completed", "failed"].map((status) => isUnfinished({ status: status as never }))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});
