import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createQueryClient } from "@/app/query-client";
import { fakeTopics, joinTopic } from "@/test/realtime";
import { topicEvent, useLiveTopic, useLiveTopics } from "./live-topics";

const countSchema = z.object({ count: z.number() });

function setup(initialTopics: string[]) {
  joinTopic.mockClear();
  const queryClient = createQueryClient();
  const joins: string[] = [];
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(
    ({ topics }) =>
      useLiveTopics(topics, {
        events: {
          count: topicEvent(countSchema, ({ count }, { queryClient: client, topic }) => client.setQueryData([topic], count)),
        },
        onJoin: ({ topic }) => joins.push(topic),
      }),
    { wrapper, initialProps: { topics: initialTopics } },
  );
  return { queryClient, hook, joins };
}

describe("useLiveTopics", () => {
  it("writes each event of the right shape into the cache, and ignores other shapes and events", () => {
    const { queryClient } = setup(["a:1"]);
    act(() => fakeTopics.get("a:1")?.emit("count", { count: 3 }));
    expect(queryClient.getQueryData(["a:1"])).toBe(3);
    act(() => fakeTopics.get("a:1")?.emit("count", { count: "four" }));
    act(() => fakeTopics.get("a:1")?.emit("other", { count: 5 }));
    expect(queryClient.getQueryData(["a:1"])).toBe(3);
  });

  it("answers each topic's state and catches up on every join, the first and each rejoin", () => {
    const { hook, joins } = setup(["a:1"]);
    expect(hook.result.current.states).toEqual({ "a:1": "joining" });
    act(() => fakeTopics.get("a:1")?.state("live"));
    act(() => fakeTopics.get("a:1")?.state("down"));
    expect(hook.result.current.states).toEqual({ "a:1": "down" });
    act(() => fakeTopics.get("a:1")?.state("live"));
    expect(joins).toEqual(["a:1", "a:1"]);
  });

  it("joins topics as they are listed and leaves them as they go, and all of them on unmount", () => {
    const { hook } = setup(["a:1"]);
    hook.rerender({ topics: ["a:1", "a:2"] });
    hook.rerender({ topics: ["a:2", "a:1"] });
    expect([...fakeTopics.keys()]).toEqual(["a:1", "a:2"]);
    expect(joinTopic).toHaveBeenCalledTimes(2);
    hook.rerender({ topics: ["a:2"] });
    expect([...fakeTopics.keys()]).toEqual(["a:2"]);
    hook.unmount();
    expect(fakeTopics.size).toBe(0);
  });
});

describe("useLiveTopic", () => {
  it("broadcasts on its topic", () => {
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useLiveTopic("ticket:1", { events: {} }), { wrapper });
    act(() => result.current.send("typing", { name: "Ann" }));
    expect(fakeTopics.get("ticket:1")?.sent).toEqual([{ event: "typing", payload: { name: "Ann" } }]);
  });
});
