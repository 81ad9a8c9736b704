import type { BulkSession } from "@contracts/bulk-validation";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/app/query-client";
import { json, mockNetwork } from "@/test/network";
import { bulkSessionsQueryKey } from "../api/get-bulk-sessions";
import { fakeTopics } from "@/test/realtime";
import { FALLBACK_REFETCH_MS, useLiveProgress } from "./use-live-progress";

const running: BulkSession = {
  id: "s1", name: "Leads", fileName: "leads.csv", createdAt: "2026-03-01T10:00:00Z", uploadComplete: true,
  startedAt: null, completedAt: null, expiresAt: null, error: null, skippedRows: 0, totalEmails: 10,
  processedEmails: 2,
  validCount: 2, invalidCount: 0, warningCount: 0, mailboxPendingEmails: 0, status: "running", apiKeyName: null,
};

function setup(sessions: BulkSession[]) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(bulkSessionsQueryKey, sessions);
  const fetchMock = mockNetwork({ "GET /api/bulk-validation/sessions": () => json(sessions) });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useLiveProgress(queryClient.getQueryData(bulkSessionsQueryKey)), { wrapper });
  const listRequests = () => fetchMock.mock.calls.length;
  return { queryClient, hook, listRequests };
}

describe("useLiveProgress", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("joins each unfinished session once, and none that has finished", () => {
    setup([running, { ...running, id: "s2", status: "queued" }, { ...running, id: "s3", status: "completed" }]);
    expect([...fakeTopics.keys()]).toEqual(["bulk-validation:s1", "bulk-validation:s2"]);
  });

  it("refetches every 5 seconds only while a channel is not joined, and catches up once on joining", async () => {
    const { listRequests, hook } = setup([running]);
    await act(() => vi.advanceTimersByTimeAsync(FALLBACK_REFETCH_MS));
    expect(listRequests()).toBe(1);
    act(() => fakeTopics.get("bulk-validation:s1")?.state("down"));
    await act(() => vi.advanceTimersByTimeAsync(FALLBACK_REFETCH_MS));
    expect(listRequests()).toBe(2);

    act(() => fakeTopics.get("bulk-validation:s1")?.state("live"));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(listRequests()).toBe(3);
    await act(() => vi.advanceTimersByTimeAsync(FALLBACK_REFETCH_MS * 3));
    expect(listRequests()).toBe(3);

    hook.unmount();
    expect(fakeTopics.size).toBe(0);
  });

  it("writes events into the cached list", () => {
    const { queryClient } = setup([running]);
    act(() => fakeTopics.get("bulk-validation:s1")?.emit("progress", { ...running, processedEmails: 7, validCount: 6, warningCount: 1 }));
    expect(queryClient.getQueryData<BulkSession[]>(bulkSessionsQueryKey)?.[0]).toMatchObject({
      processedEmails: 7,
      warningCount: 1,
    });
  });
});
