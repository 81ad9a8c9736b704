// For tests: stands in for lib/realtime (test/setup.ts mocks it for every test) and lets a test play the server's side
// of each joined topic: its events, its channel's state, and what the screen sent on it. As the real one, listeners of
// one topic share it: each gets every event and the topic's state, and the topic is left with the last of them.
import { vi } from "vitest";
import type { ChannelState, TopicListener, TopicMembership } from "@/lib/realtime";

export type { ChannelState } from "@/lib/realtime";

type FakeTopic = {
  emit: (event: string, payload: unknown) => void;
  state: (state: ChannelState) => void;
  /** What the screen broadcast on the topic. */
  sent: { event: string; payload: Record<string, unknown> }[];
};

type SharedTopic = FakeTopic & { listeners: Set<TopicListener>; current: ChannelState };

/** The topics joined now, by name. */
export const fakeTopics = new Map<string, FakeTopic>();
const shared = new Map<string, SharedTopic>();

function open(topic: string): SharedTopic {
  const created: SharedTopic = {
    listeners: new Set(),
    current: "joining",
    emit: (event, payload) => created.listeners.forEach((listener) => listener.onMessage(event, payload)),
    state: (state) => {
      created.current = state;
      created.listeners.forEach((listener) => listener.onState(state));
    },
    sent: [],
  };
  shared.set(topic, created);
  fakeTopics.set(topic, created);
  return created;
}

export const joinTopic = vi.fn(({ topic }: { topic: string }, listener: TopicListener): TopicMembership => {
  const fake = shared.get(topic) ?? open(topic);
  fake.listeners.add(listener);
  listener.onState(fake.current);
  return {
    leave: () => {
      fake.listeners.delete(listener);
      if (fake.listeners.size > 0 || shared.get(topic) !== fake) return;
      shared.delete(topic);
      fakeTopics.delete(topic);
    },
    send: (event, payload) => fake.sent.push({ event, payload }),
  };
});
