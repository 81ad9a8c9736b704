// The one way a screen stays live: it names the Realtime topics it cares about and, per event, the schema of its
// payload and what the event does to the query cache. Events of another shape (an older server) are ignored; on every
// join (the first, and each rejoin after the socket was down) `onJoin` lets the screen catch up on what it missed,
// which is why nothing here polls.
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { type ChannelState, joinTopic, type TopicMembership } from "./realtime";

export type TopicEvent<T> = {
  schema: z.ZodType<T>;
  apply: (payload: T, context: { queryClient: QueryClient; topic: string }) => void;
};

/** Ties an event's handler to its schema's type. */
export function topicEvent<T>(schema: z.ZodType<T>, apply: TopicEvent<T>["apply"]): TopicEvent<unknown> {
  return { schema, apply } as TopicEvent<unknown>;
}

export type LiveTopicOptions = {
  /** By event name. Read when an event arrives, so handlers may close over the latest render. */
  events: Record<string, TopicEvent<unknown>>;
  /** On each join: the events sent while not joined were missed. */
  onJoin?: (context: { queryClient: QueryClient; topic: string }) => void;
};

type Send = (topic: string, event: string, payload: Record<string, unknown>) => void;

/** Joins each of `topics` while it is listed; answers each topic's channel state, and a way to broadcast on them. */
export function useLiveTopics(
  topics: readonly string[],
  options: LiveTopicOptions,
): { states: Record<string, ChannelState>; send: Send } {
  const queryClient = useQueryClient();
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const [states, setStates] = useState<Record<string, ChannelState>>({});
  const memberships = useRef(new Map<string, TopicMembership>());
  const topicsKey = JSON.stringify([...new Set(topics)].sort());

  useEffect(() => {
    const wanted = new Set<string>(JSON.parse(topicsKey));
    for (const [topic, membership] of memberships.current) {
      if (wanted.has(topic)) continue;
      membership.leave();
      memberships.current.delete(topic);
      setStates(({ [topic]: _, ...rest }) => rest);
    }
    for (const topic of wanted) {
      if (memberships.current.has(topic)) continue;
      const context = { queryClient, topic };
      const membership = joinTopic(
        { topic },
        {
          onMessage: (event, payload) => {
            const handler = latest.current.events[event];
            const parsed = handler?.schema.safeParse(payload);
            if (handler && parsed?.success) handler.apply(parsed.data, context);
          },
          onState: (state) => {
            setStates((current) => (current[topic] === state ? current : { ...current, [topic]: state }));
            if (state === "live") latest.current.onJoin?.(context);
          },
        },
      );
      memberships.current.set(topic, membership);
    }
  }, [topicsKey, queryClient]);

  useEffect(() => {
    const joined = memberships.current;
    return () => {
      for (const membership of joined.values()) membership.leave();
      joined.clear();
    };
  }, []);

  const send = useCallback<Send>((topic, event, payload) => memberships.current.get(topic)?.send(event, payload), []);
  return { states, send };
}

/** One topic (none while `topic` is undefined): its state, and a way to broadcast on it (typing indicators). */
export function useLiveTopic(
  topic: string | undefined,
  options: LiveTopicOptions,
): { state: ChannelState | undefined; send: (event: string, payload: Record<string, unknown>) => void } {
  const { states, send } = useLiveTopics(topic ? [topic] : [], options);
  const sendHere = useCallback(
    (event: string, payload: Record<string, unknown>) => {
      if (topic) send(topic, event, payload);
    },
    [topic, send],
  );
  return { state: topic ? states[topic] : undefined, send: sendHere };
}
