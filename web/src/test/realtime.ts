// For tests: stands in for lib/realtime (vi.mock("@/lib/realtime", () => import("@/test/realtime"))) and lets a test
// play the server's side of each joined topic: its events, its channel's state, and what the screen sent on it.
import { vi } from "vitest";
import type { ChannelState, TopicListener, TopicMembership } from "@/lib/realtime";

export type { ChannelState } from "@/lib/realtime";

type FakeTopic = {
  emit: (event: string, payload: unknown) => void;
  state: (state: ChannelState) => void;
  /** What the screen broadcast on the topic. */
  sent: { event: string; payload: Record<string, unknown> }[];
};

/** The topics joined now, by name. */
export const fakeTopics = new Map<string, FakeTopic>();

export const joinTopic = vi.fn(({ topic }: { topic: string }, listener: TopicListener): TopicMembership => {
  const fake: FakeTopic = { emit: listener.onMessage, state: listener.onState, sent: [] };
  fakeTopics.set(topic, fake);
  listener.onState("joining");
  return {
    leave: () => {
      if (fakeTopics.get(topic) === fake) fakeTopics.delete(topic);
    },
    send: (event, payload) => fake.sent.push({ event, payload }),
  };
});
