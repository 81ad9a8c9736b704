// How every live screen listens: broadcast events on a Realtime channel, private by default (joined with the signed-in
// user's token, authorised by RLS on realtime.messages), with the channel's state for a fallback while it is down.
// supabase-js keeps one channel per topic and hands the same object to every caller, so two parts of a screen on one
// topic (or a screen that leaves and comes back before the leave is done) would trip over each other: here a topic's
// channel is shared by its listeners and left with the last of them, and a new join waits for an earlier leave.
import type { RealtimeChannel } from "@supabase/supabase-js";
import { supabase } from "./supabase";

/** "live" once joined; "down" while the socket or the join has failed and the client is trying again. */
export type ChannelState = "joining" | "live" | "down";

export type TopicListener = {
  /** Each event's name and payload as sent, unchecked. */
  onMessage: (event: string, payload: unknown) => void;
  onState: (state: ChannelState) => void;
};

export type TopicMembership = {
  leave: () => void;
  /** Sends a broadcast to the topic's other members while joined (never stored; dropped while not joined). */
  send: (event: string, payload: Record<string, unknown>) => void;
};

type SharedChannel = { listeners: Set<TopicListener>; state: ChannelState; channel?: RealtimeChannel; left: boolean };

const joined = new Map<string, SharedChannel>();
const leaving = new Map<string, Promise<unknown>>();

/** Joins `topic` (or shares the join already made) until `leave` is called. */
export function joinTopic({ topic, isPrivate = true }: { topic: string; isPrivate?: boolean }, listener: TopicListener): TopicMembership {
  const key = `${isPrivate ? "private" : "public"}:${topic}`;
  let shared = joined.get(key);
  if (!shared) {
    shared = open(key, topic, isPrivate);
    joined.set(key, shared);
  }
  const entry = shared;
  entry.listeners.add(listener);
  listener.onState(entry.state);
  return {
    leave: () => {
      if (!entry.listeners.delete(listener) || entry.listeners.size > 0) return;
      entry.left = true;
      joined.delete(key);
      if (!entry.channel) return;
      const removed = supabase.removeChannel(entry.channel).finally(() => {
        if (leaving.get(key) === removed) leaving.delete(key);
      });
      leaving.set(key, removed);
    },
    send: (event, payload) => {
      if (entry.state === "live") void entry.channel?.send({ type: "broadcast", event, payload });
    },
  };
}

function open(key: string, topic: string, isPrivate: boolean): SharedChannel {
  const shared: SharedChannel = { listeners: new Set(), state: "joining", left: false };
  const setState = (state: ChannelState) => {
    if (shared.left || shared.state === state) return;
    shared.state = state;
    for (const listener of shared.listeners) listener.onState(state);
  };
  void (leaving.get(key) ?? Promise.resolve())
    // A private channel is joined with the user's token: handed to Realtime first, so the join never goes out anonymous.
    .then(() => supabase.realtime.setAuth())
    .catch(() => {})
    .then(() => {
      if (shared.left) return;
      shared.channel = supabase
        .channel(topic, { config: { private: isPrivate } })
        .on("broadcast", { event: "*" }, ({ event, payload }) => {
          for (const listener of shared.listeners) listener.onMessage(event, payload);
        });
      shared.channel.subscribe((status) => setState(status === "SUBSCRIBED" ? "live" : "down"));
    });
  return shared;
}
