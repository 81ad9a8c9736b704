import type { BulkRow, BulkUploadAnswer } from "@contracts/bulk-validation";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api";
import { json, mockNetwork } from "@/test/network";
import { sendUpload } from "./send-upload";

const rows = (count: number): BulkRow[] => Array.from({ length: count }, (_, n) => ({ email: `u${n}@acme.test` }));

function answer(extra: Partial<BulkUploadAnswer>): BulkUploadAnswer {
  return {
    jobId: "s1", sessionId: "s1", part: 0, acceptedRows: 0, skippedRows: 0, totalEmails: 0, uploadComplete: false,
    status: "queued", ...extra,
  };
}

const noWait = { delaysMs: [0, 0], sleep: async () => {} };

describe("sendUpload", () => {
  it("sends a file of one part as the spec's single call, which starts the job", async () => {
    const bodies: unknown[] = [];
    mockNetwork({
      "POST /api/bulk-validation/start-enhanced": async (request) => {
        bodies.push(await request.json());
        return json(answer({ acceptedRows: 2, totalEmails: 2, uploadComplete: true }));
      },
    });
    const progress: number[] = [];
    const done = await sendUpload(
      { rows: rows(2), sessionName: "Leads", fileName: "leads.csv", columns: ["Email"], onProgress: (sent) => progress.push(sent) },
      undefined,
      noWait,
    );
    expect(done.uploadComplete).toBe(true);
    expect(bodies).toEqual([
      { emailsWithData: rows(2), sessionName: "Leads", fileName: "leads.csv", columns: ["Email"], totalRows: 2, final: true },
    ]);
    expect(progress).toEqual([0, 2]);
  });

  it("sends a larger file as start-enhanced then numbered parts, the last final, and retries a part that failed in passing", async () => {
    const calls: { path: string; body: { part?: number; final: boolean; emailsWithData: unknown[] } }[] = [];
    let failPartTwo = 2;
    mockNetwork({
      "POST /api/bulk-validation/start-enhanced": async (request) => {
        calls.push({ path: "start", body: await request.json() });
        return json(answer({ acceptedRows: 5000 }));
      },
      "POST /api/bulk-validation/sessions/s1/parts": async (request) => {
        const body = await request.json();
        calls.push({ path: "part", body });
        if (body.part === 2 && failPartTwo-- > 0) return json({ message: "Service unavailable" }, { status: 503 });
        return json(answer({ part: body.part, uploadComplete: body.final }));
      },
    });
    const progress: number[] = [];
    const done = await sendUpload(
      { rows: rows(12_000), sessionName: "Big", fileName: "big.csv", onProgress: (sent) => progress.push(sent) },
      undefined,
      noWait,
    );
    expect(done).toMatchObject({ part: 2, uploadComplete: true });
    expect(calls.map((call) => [call.path, call.body.part, call.body.final, call.body.emailsWithData.length])).toEqual([
      ["start", undefined, false, 5000],
      ["part", 1, false, 5000],
      // Twice 503, then through: the same part each time.
      ["part", 2, true, 2000],
      ["part", 2, true, 2000],
      ["part", 2, true, 2000],
    ]);
    expect(progress).toEqual([0, 5000, 10_000, 12_000]);
  });

  it("gives up on a part the server refuses, and deletes the half-sent session", async () => {
    let deleted = false;
    mockNetwork({
      "POST /api/bulk-validation/start-enhanced": () => json(answer({})),
      "POST /api/bulk-validation/sessions/s1/parts": () => json({ message: "part 2 is out of order" }, { status: 400 }),
      "DELETE /api/bulk-validation/sessions/s1": () => {
        deleted = true;
        return new Response(null, { status: 204 });
      },
    });
    const sending = sendUpload({ rows: rows(6_000), sessionName: "x", fileName: "x.csv" }, undefined, noWait);
    await expect(sending).rejects.toMatchObject({ status: 400, serverMessage: "part 2 is out of order" });
    expect(deleted).toBe(true);
  });

  it("never sends start-enhanced twice: a lost answer may have opened a session", async () => {
    const fetchMock = mockNetwork({
      "POST /api/bulk-validation/start-enhanced": () => json({ message: "Service unavailable" }, { status: 503 }),
    });
    await expect(sendUpload({ rows: rows(1), sessionName: "x", fileName: "x.csv" }, undefined, noWait)).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
