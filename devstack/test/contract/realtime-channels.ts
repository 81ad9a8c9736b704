// What the Realtime contract tests share: joining a channel and waiting for the outcome, collecting what a channel
// receives and waiting for it, the database as its superuser (to send from SQL and to arrange policies), and users.
// Every wait is for an event, bounded by the test's timeout, never a sleep.
import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";
import postgres from "postgres";
import { anonClient, env, uniqueEmail } from "./env.ts";

export const database = () => postgres(env.SUPABASE_DB_URL, { max: 2, onnotice: () => {} });

/** A topic no other test or earlier run uses. */
export const uniqueTopic = (label: string): string => `contract-rt-${label}:${crypto.randomUUID()}`;

export interface Joined {
  channel: RealtimeChannel;
  /** Every status the subscribe callback reported, in order (SUBSCRIBED again after a reconnect, CLOSED, ...). */
  statuses: string[];
  /** Resolves with the error of the first CHANNEL_ERROR. */
  failed: Promise<Error>;
  /** Resolves when the status has been reported `times` times in all. */
  reported(status: string, times?: number): Promise<void>;
}

/** Subscribes and reports what happens; listeners must be added before (realtime-js sends them with the join). */
export function subscribe(channel: RealtimeChannel): Joined {
  const statuses: string[] = [];
  const waiters: Array<() => void> = [];
  let fail: (error: Error) => void = () => {};
  const failed = new Promise<Error>((resolve) => (fail = resolve));
  channel.subscribe((status, error) => {
    statuses.push(status);
    if (status === "CHANNEL_ERROR") fail(error ?? new Error("CHANNEL_ERROR without an error"));
    for (const waiter of waiters.splice(0)) waiter();
  });
  const reported = (status: string, times = 1) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (statuses.filter((seen) => seen === status).length >= times) resolve();
        else waiters.push(check);
      };
      check();
    });
  return { channel, statuses, failed, reported };
}

/** Joins and waits until the server accepted, failing at once on an error. */
export async function joined(channel: RealtimeChannel): Promise<Joined> {
  const join = subscribe(channel);
  await Promise.race([
    join.reported("SUBSCRIBED"),
    join.failed.then((error) => Promise.reject(new Error(`the join was refused: ${error.message}`))),
  ]);
  return join;
}

export interface Inbox<T> {
  messages: T[];
  /** Resolves once `count` messages have arrived in all. */
  received(count: number): Promise<T[]>;
}

/** Collects what a callback is given; hand `inbox.add` to channel.on(...) before joining. */
export function inbox<T>(): Inbox<T> & { add: (message: T) => void } {
  const messages: T[] = [];
  const waiters: Array<() => void> = [];
  return {
    messages,
    add(message) {
      messages.push(message);
      for (const waiter of waiters.splice(0)) waiter();
    },
    received(count) {
      return new Promise((resolve) => {
        const check = () => (messages.length >= count ? resolve(messages.slice(0, count)) : waiters.push(check));
        check();
      });
    },
  };
}

export interface BroadcastMessage {
  type: "broadcast";
  event: string;
  payload: Record<string, unknown>;
  meta?: { id: string };
}

/** A channel's broadcasts of every event, collected from before the join. */
export function broadcasts(channel: RealtimeChannel): Inbox<BroadcastMessage> {
  const collected = inbox<BroadcastMessage>();
  channel.on("broadcast", { event: "*" }, (message) => collected.add(message as BroadcastMessage));
  return collected;
}

/** A signed-up user's client, its session holding the access token Realtime is given. */
export async function signedInUser(label: string): Promise<{ client: SupabaseClient; id: string; accessToken: string }> {
  const client = anonClient();
  const { data, error } = await client.auth.signUp({ email: uniqueEmail(label), password: "correct-horse-battery" });
  if (error || !data.session || !data.user) throw new Error(`sign-up failed: ${error?.message ?? "no session"}`);
  return { client, id: data.user.id, accessToken: data.session.access_token };
}

/** Closes a client's channels and socket, so a test leaves nothing connected. */
export async function disconnect(client: SupabaseClient): Promise<void> {
  await client.removeAllChannels();
  client.realtime.disconnect();
}
