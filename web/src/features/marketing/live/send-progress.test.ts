// How a progress event moves a send on in a manager's cached list.
import type { SendProgressEvent } from "@contracts/marketing";
import { describe, expect, it } from "vitest";
import { EMAIL_ID, emailCampaign, JOB_ID } from "@/test/marketing";
import { applySendProgress } from "./send-progress";

const event = (extra: Partial<SendProgressEvent>): SendProgressEvent => ({
  campaignType: "email",
  campaignId: EMAIL_ID,
  jobId: JOB_ID,
  status: "running",
  total: 300,
  processed: 100,
  sentAt: null,
  ...extra,
});

describe("applySendProgress", () => {
  it("moves the event's item on and leaves the others", () => {
    const other = emailCampaign({ id: crypto.randomUUID(), name: "Other" });
    const next = applySendProgress([emailCampaign(), other], event({}));
    expect(next?.[0]?.send).toEqual({ jobId: JOB_ID, status: "running", total: 300, processed: 100 });
    expect(next?.[0]?.sentAt).toBeNull();
    expect(next?.[1]).toBe(other);
  });

  it("takes sentAt from the last batch", () => {
    const next = applySendProgress([emailCampaign()], event({ status: "completed", processed: 300, sentAt: "2026-11-26T12:00:00.000Z" }));
    expect(next?.[0]?.sentAt).toBe("2026-11-26T12:00:00.000Z");
  });

  it("ignores an event older than what the list shows, unless the send failed", () => {
    const list = [emailCampaign({ send: { jobId: JOB_ID, status: "running", total: 300, processed: 200 } })];
    expect(applySendProgress(list, event({ processed: 100 }))?.[0]).toBe(list[0]);
    expect(applySendProgress(list, event({ processed: 100, status: "failed" }))?.[0]?.send?.status).toBe("failed");
  });

  it("starts over for another job of the same campaign", () => {
    const list = [emailCampaign({ send: { jobId: crypto.randomUUID(), status: "failed", total: 300, processed: 250 } })];
    expect(applySendProgress(list, event({ processed: 0, status: "queued" }))?.[0]?.send).toEqual({
      jobId: JOB_ID,
      status: "queued",
      total: 300,
      processed: 0,
    });
  });

  it("leaves a list not loaded yet alone", () => {
    expect(applySendProgress(undefined, event({}))).toBeUndefined();
  });
});
