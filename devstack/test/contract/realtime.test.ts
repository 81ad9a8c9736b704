// devstack's Realtime as @supabase/supabase-js 2.109.0 uses it, unchanged: the socket's checks, public broadcast
// (self, ack), presence, the REST broadcast API, messages from SQL in order and without loss, and many sockets at once.
import type { RealtimePresenceJoinPayload, RealtimePresenceLeavePayload } from "@supabase/supabase-js";
import { afterAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { anonClient, env } from "./env.ts";
import { broadcasts, database, disconnect, inbox, joined, uniqueTopic } from "./realtime-channels.ts";

const sql = database();
afterAll(() => sql.end());

const socketUrl = `${env.SUPABASE_URL.replace(/^http/, "ws")}/realtime/v1/websocket`;

/** The answer to a websocket upgrade the server refuses: status and JSON body. */
function refusal(query: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${socketUrl}?${query}`);
    ws.on("open", () => reject(new Error("the upgrade was accepted")));
    ws.on("unexpected-response", (_, response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(body) }));
    });
  });
}

describe("the socket", () => {
  it("refuses an upgrade without a valid apikey with Realtime's 401s", async () => {
    expect(await refusal("vsn=2.0.0")).toEqual({ status: 401, body: { error: "API key is missing" } });
    expect(await refusal("apikey=not-a-jwt&vsn=2.0.0")).toEqual({
      status: 401,
      body: { error: "The token provided is not a valid JWT" },
    });
  });

  it("is reported by /health", async () => {
    const response = await fetch(`${env.SUPABASE_URL}/health`);
    expect((await response.json()).components.realtime).toEqual({ up: true });
  });
});

describe("public broadcast", () => {
  it("reaches the other subscribers, and the sender too when self is on, acknowledged when ack is on", async () => {
    const topic = uniqueTopic("broadcast");
    const sender = anonClient();
    const listener = anonClient();
    try {
      const sent = sender.channel(topic, { config: { broadcast: { self: true, ack: true } } });
      const ownCopy = broadcasts(sent);
      const quiet = listener.channel(topic);
      const received = broadcasts(quiet);
      await Promise.all([joined(sent), joined(quiet)]);

      expect(await sent.send({ type: "broadcast", event: "shout", payload: { message: "hi" } })).toBe("ok");
      const expected = { type: "broadcast", event: "shout", payload: { message: "hi" } };
      expect(await received.received(1)).toEqual([expected]);
      expect(await ownCopy.received(1)).toEqual([expected]);
    } finally {
      await Promise.all([disconnect(sender), disconnect(listener)]);
    }
  });

  it("does not echo to the sender when self is off", async () => {
    const topic = uniqueTopic("no-self");
    const sender = anonClient();
    const listener = anonClient();
    try {
      const sent = sender.channel(topic);
      const ownCopy = broadcasts(sent);
      const quiet = listener.channel(topic);
      const received = broadcasts(quiet);
      await Promise.all([joined(sent), joined(quiet)]);

      await sent.send({ type: "broadcast", event: "first", payload: {} });
      await sent.send({ type: "broadcast", event: "second", payload: {} });
      expect((await received.received(2)).map((message) => message.event)).toEqual(["first", "second"]);
      // Any copy for the sender went out before the listener's; a message sent now reaches the sender after it.
      await sql`select realtime.send('{}', 'marker', ${topic}, false)`;
      expect((await ownCopy.received(1)).map((message) => message.event)).toEqual(["marker"]);
    } finally {
      await Promise.all([disconnect(sender), disconnect(listener)]);
    }
  });

  it("answers the join with the postgres_changes bindings in order, with ids", async () => {
    const client = anonClient();
    try {
      const channel = client
        .channel(uniqueTopic("bindings"))
        .on("postgres_changes", { event: "INSERT", schema: "public", table: "profiles" }, () => {})
        .on("postgres_changes", { event: "*", schema: "public", table: "contacts", filter: "id=eq.1" }, () => {});
      const join = await joined(channel);
      expect(join.statuses).toEqual(["SUBSCRIBED"]);
    } finally {
      await disconnect(client);
    }
  });
});

describe("presence", () => {
  it("syncs, announces a join and a leave, and lists who is there", async () => {
    const topic = uniqueTopic("presence");
    const ada = anonClient();
    const bob = anonClient();
    try {
      const adaChannel = ada.channel(topic, { config: { presence: { key: "ada" } } });
      const bobChannel = bob.channel(topic, { config: { presence: { key: "bob" } } });
      const syncs = inbox<void>();
      const joins = inbox<RealtimePresenceJoinPayload<Record<string, unknown>>>();
      const leaves = inbox<RealtimePresenceLeavePayload<Record<string, unknown>>>();
      bobChannel
        .on("presence", { event: "sync" }, () => syncs.add())
        .on("presence", { event: "join" }, (payload) => joins.add(payload))
        .on("presence", { event: "leave" }, (payload) => leaves.add(payload));
      adaChannel.on("presence", { event: "sync" }, () => {});
      await joined(bobChannel);
      await syncs.received(1);
      await joined(adaChannel);

      expect(await adaChannel.track({ online_at: 1 })).toBe("ok");
      const [join] = await joins.received(1);
      expect(join?.key).toBe("ada");
      expect(join?.newPresences).toEqual([expect.objectContaining({ online_at: 1, presence_ref: expect.any(String) })]);
      expect(bobChannel.presenceState()).toEqual({ ada: [expect.objectContaining({ online_at: 1 })] });

      expect(await adaChannel.untrack()).toBe("ok");
      const [leave] = await leaves.received(1);
      expect(leave?.key).toBe("ada");
      await syncs.received(3);
      expect(bobChannel.presenceState()).toEqual({});
    } finally {
      await Promise.all([disconnect(ada), disconnect(bob)]);
    }
  });
});

describe("REST broadcast", () => {
  it("sends with httpSend (202) as a binary broadcast and with the batch endpoint (202) as text", async () => {
    const topic = uniqueTopic("rest");
    const listener = anonClient();
    const sender = anonClient();
    try {
      const channel = listener.channel(topic);
      const received = broadcasts(channel);
      await joined(channel);

      expect(await sender.channel(topic).httpSend("single", { n: 1 })).toEqual({ success: true });
      const batch = await fetch(`${env.SUPABASE_URL}/realtime/v1/api/broadcast`, {
        method: "POST",
        headers: { apikey: env.SUPABASE_ANON_KEY, "Content-Type": "application/json" },
        body: JSON.stringify({ messages: [{ topic, event: "batch", payload: { n: 2 } }] }),
      });
      expect(batch.status).toBe(202);

      expect(await received.received(2)).toEqual([
        { type: "broadcast", event: "single", payload: { n: 1 } },
        { type: "broadcast", event: "batch", payload: { n: 2 } },
      ]);
    } finally {
      await Promise.all([disconnect(listener), disconnect(sender)]);
    }
  });

  it("refuses a caller without a valid token with 401 and a body it cannot read with 4xx", async () => {
    const url = `${env.SUPABASE_URL}/realtime/v1/api/broadcast`;
    const headers = { apikey: env.SUPABASE_ANON_KEY, "Content-Type": "application/json" };
    expect((await fetch(url, { method: "POST", headers: { apikey: "nope" }, body: "{}" })).status).toBe(401);
    expect((await fetch(url, { method: "POST", headers, body: "not json" })).status).toBe(400);
    expect((await fetch(url, { method: "POST", headers, body: JSON.stringify({ messages: [{ topic: "t" }] }) })).status).toBe(422);
  });
});

describe("messages from the database", () => {
  it("delivers 1,000 messages sent in one transaction, all of them, in order", async () => {
    const topic = uniqueTopic("thousand");
    const client = anonClient();
    try {
      const channel = client.channel(topic);
      const received = broadcasts(channel);
      await joined(channel);

      await sql`
        select realtime.send(jsonb_build_object('n', n), 'tick', ${topic}, false) from generate_series(1, 1000) as n
      `;
      const messages = await received.received(1000);
      expect(messages.map((message) => message.payload.n)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
      // Each carries the id of its row, in its payload and its meta, as on Supabase.
      expect(messages.every((message) => message.meta?.id === message.payload.id)).toBe(true);
    } finally {
      await disconnect(client);
    }
  });

  it("reaches 200 sockets at once", async () => {
    const topic = uniqueTopic("crowd");
    const clients = Array.from({ length: 200 }, () => anonClient());
    try {
      const arrived = inbox<void>();
      const channels = clients.map((client) => client.channel(topic).on("broadcast", { event: "hello" }, () => arrived.add()));
      await Promise.all(channels.map(joined));

      await sql`select realtime.send('{"to": "everyone"}', 'hello', ${topic}, false)`;
      await arrived.received(200);
      expect(arrived.messages).toHaveLength(200);
    } finally {
      await Promise.all(clients.map(disconnect));
    }
  });
});
