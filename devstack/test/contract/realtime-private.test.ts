// Private channels as on Supabase: joins and sends decided by the project's RLS policies on realtime.messages, tokens
// checked again when they change or expire, and messages from SQL (realtime.send, realtime.broadcast_changes) reaching
// only private subscribers, only once committed.
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_JWT_SECRET } from "../../src/auth/keys.ts";
import { anonClient } from "./env.ts";
import { broadcasts, database, disconnect, inbox, joined, signedInUser, subscribe, uniqueTopic } from "./realtime-channels.ts";

const sql = database();

// Policies for topics of this file only: contract-rt-private:<user id>:... is readable by that user, and writable too
// when it continues with "writable".
const READ_POLICY = "contract tests: users read their own contract-rt-private topics";
const WRITE_POLICY = "contract tests: users write their own writable contract-rt-private topics";
beforeAll(async () => {
  await sql.begin(async (transaction) => {
    await transaction`drop policy if exists ${transaction(READ_POLICY)} on realtime.messages`;
    await transaction`drop policy if exists ${transaction(WRITE_POLICY)} on realtime.messages`;
    await transaction`
      create policy ${transaction(READ_POLICY)} on realtime.messages for select to authenticated
      using (realtime.topic() like 'contract-rt-private:' || (select auth.uid())::text || ':%')
    `;
    await transaction`
      create policy ${transaction(WRITE_POLICY)} on realtime.messages for insert to authenticated
      with check (realtime.topic() like 'contract-rt-private:' || (select auth.uid())::text || ':writable%')
    `;
  });
});
afterAll(async () => {
  await sql`drop policy if exists ${sql(READ_POLICY)} on realtime.messages`;
  await sql`drop policy if exists ${sql(WRITE_POLICY)} on realtime.messages`;
  await sql.end();
});

const topicOf = (userId: string, room: string) => `contract-rt-private:${userId}:${room}-${crypto.randomUUID()}`;

describe("joining a private channel", () => {
  it("is allowed when the user's select policy lets them read the topic", async () => {
    const ada = await signedInUser("rt-allowed");
    try {
      const join = await joined(ada.client.channel(topicOf(ada.id, "room"), { config: { private: true } }));
      expect(join.statuses).toEqual(["SUBSCRIBED"]);
    } finally {
      await disconnect(ada.client);
    }
  });

  it("is refused with Realtime's error for another user, and for the anon key", async () => {
    const ada = await signedInUser("rt-owner");
    const bob = await signedInUser("rt-intruder");
    const anonymous = anonClient();
    const topic = topicOf(ada.id, "room");
    try {
      const refused = `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`;
      const bobJoin = subscribe(bob.client.channel(topic, { config: { private: true } }));
      expect((await bobJoin.failed).message).toBe(refused);
      const anonymousJoin = subscribe(anonymous.channel(topic, { config: { private: true } }));
      expect((await anonymousJoin.failed).message).toBe(refused);
    } finally {
      await Promise.all([disconnect(ada.client), disconnect(bob.client), disconnect(anonymous)]);
    }
  });
});

describe("sending on a private channel", () => {
  it("is delivered when the insert policy allows it, and dropped without a reply when it does not", async () => {
    const ada = await signedInUser("rt-writer");
    try {
      const config = { config: { private: true, broadcast: { self: true, ack: true } } };
      const writable = ada.client.channel(topicOf(ada.id, "writable"), config);
      const readOnly = ada.client.channel(topicOf(ada.id, "room"), config);
      const writableInbox = broadcasts(writable);
      const readOnlyInbox = broadcasts(readOnly);
      await Promise.all([joined(writable), joined(readOnly)]);

      expect(await writable.send({ type: "broadcast", event: "note", payload: { n: 1 } })).toBe("ok");
      expect(await writableInbox.received(1)).toEqual([{ type: "broadcast", event: "note", payload: { n: 1 } }]);

      // Realtime answers a send it drops with nothing, so an acknowledged send times out.
      expect(await readOnly.send({ type: "broadcast", event: "note", payload: { n: 2 } }, { timeout: 2_000 })).toBe("timed out");
      const subTopic = readOnly.topic.replace(/^realtime:/, "");
      await sql`select realtime.send('{"marker": true}', 'marker', ${subTopic})`;
      expect((await readOnlyInbox.received(1)).map((message) => message.event)).toEqual(["marker"]);
    } finally {
      await disconnect(ada.client);
    }
  });
});

describe("messages from the database", () => {
  it("arrive with their row's id once committed; a rolled-back send never arrives", async () => {
    const ada = await signedInUser("rt-database");
    try {
      const topic = topicOf(ada.id, "room");
      const channel = ada.client.channel(topic, { config: { private: true } });
      const received = broadcasts(channel);
      await joined(channel);

      await sql
        .begin(async (transaction) => {
          await transaction`select realtime.send('{"step": "rolled back"}', 'progress', ${topic})`;
          throw new Error("roll back");
        })
        .catch(() => {});
      await sql`select realtime.send('{"step": "committed"}', 'progress', ${topic})`;

      const [message] = await received.received(1);
      expect(message).toEqual({
        type: "broadcast",
        event: "progress",
        payload: { step: "committed", id: expect.any(String) },
        meta: { id: message?.payload.id },
      });
      const [row] = await sql`select event, private, extension from realtime.messages where id = ${String(message?.payload.id)}`;
      expect(row).toEqual({ event: "progress", private: true, extension: "broadcast" });
    } finally {
      await disconnect(ada.client);
    }
  });

  it("go to the topic's private or public channels as sent, never both", async () => {
    const ada = await signedInUser("rt-audiences");
    const visitor = anonClient();
    try {
      const topic = topicOf(ada.id, "room");
      const privateChannel = ada.client.channel(topic, { config: { private: true } });
      const publicChannel = visitor.channel(topic);
      const privateInbox = broadcasts(privateChannel);
      const publicInbox = broadcasts(publicChannel);
      await Promise.all([joined(privateChannel), joined(publicChannel)]);

      await sql`select realtime.send('{}', 'for-members', ${topic})`;
      await sql`select realtime.send('{}', 'for-everyone', ${topic}, false)`;
      expect((await privateInbox.received(1)).map((message) => message.event)).toEqual(["for-members"]);
      expect((await publicInbox.received(1)).map((message) => message.event)).toEqual(["for-everyone"]);
      await sql`select realtime.send('{}', 'last', ${topic})`;
      expect((await privateInbox.received(2)).map((message) => message.event)).toEqual(["for-members", "last"]);
    } finally {
      await Promise.all([disconnect(ada.client), disconnect(visitor)]);
    }
  });

  it("from realtime.broadcast_changes in a row trigger carry the row change as Supabase's docs show it", async () => {
    const ada = await signedInUser("rt-changes");
    const topic = topicOf(ada.id, "notes");
    await sql.begin(async (transaction) => {
      await transaction`create schema if not exists contract_realtime`;
      await transaction`create table if not exists contract_realtime.notes (id int primary key, topic text not null, body text)`;
      await transaction`
        create or replace function contract_realtime.broadcast_note_changes() returns trigger
        language plpgsql security definer set search_path = '' as $$
        begin
          perform realtime.broadcast_changes(
            coalesce(new.topic, old.topic), tg_op, tg_op, tg_table_name, tg_table_schema, new, old
          );
          return null;
        end
        $$
      `;
      await transaction`
        create or replace trigger broadcast_note_changes after insert or update or delete on contract_realtime.notes
        for each row execute function contract_realtime.broadcast_note_changes()
      `;
    });
    try {
      const channel = ada.client.channel(topic, { config: { private: true } });
      const received = broadcasts(channel);
      await joined(channel);

      const id = Math.floor(Math.random() * 1e9);
      await sql`insert into contract_realtime.notes (id, topic, body) values (${id}, ${topic}, 'first')`;
      await sql`update contract_realtime.notes set body = 'second' where id = ${id}`;
      await sql`delete from contract_realtime.notes where id = ${id}`;

      const changes = await received.received(3);
      const row = (body: string) => ({ id, topic, body });
      const change = (operation: string, record: unknown, oldRecord: unknown) => ({
        type: "broadcast",
        event: operation,
        payload: { id: expect.any(String), schema: "contract_realtime", table: "notes", operation, record, old_record: oldRecord },
        meta: { id: expect.any(String) },
      });
      expect(changes).toEqual([
        change("INSERT", row("first"), null),
        change("UPDATE", row("second"), row("first")),
        change("DELETE", null, row("second")),
      ]);
    } finally {
      await disconnect(ada.client);
      await sql`drop schema contract_realtime cascade`;
    }
  });
});

describe("tokens on an open socket", () => {
  it("keeps the channel through a refresh and closes it with a system error for a token that may not read", async () => {
    const ada = await signedInUser("rt-refresh");
    const bob = await signedInUser("rt-other");
    try {
      const topic = topicOf(ada.id, "room");
      const channel = ada.client.channel(topic, { config: { private: true } });
      const system = inbox<{ status: string; message: string }>();
      channel.on("system", {}, (payload) => system.add(payload));
      const received = broadcasts(channel);
      const join = await joined(channel);

      const { error } = await ada.client.auth.refreshSession();
      expect(error).toBeNull();
      await sql`select realtime.send('{}', 'after-refresh', ${topic})`;
      expect((await received.received(1)).map((message) => message.event)).toEqual(["after-refresh"]);

      await ada.client.realtime.setAuth(bob.accessToken);
      expect(await system.received(1)).toEqual([
        expect.objectContaining({ status: "error", message: `You do not have permissions to read from this Channel topic: ${topic}` }),
      ]);
      await join.reported("CLOSED");
    } finally {
      await Promise.all([disconnect(ada.client), disconnect(bob.client)]);
    }
  });

  it("closes the channel with a system error for a token that is no JWT", async () => {
    const client = anonClient();
    try {
      const channel = client.channel(uniqueTopic("bad-token"));
      const system = inbox<{ status: string; message: string }>();
      channel.on("system", {}, (payload) => system.add(payload));
      const join = await joined(channel);

      await client.realtime.setAuth("not-a-jwt");
      expect(await system.received(1)).toEqual([
        expect.objectContaining({ status: "error", message: "The token provided is not a valid JWT" }),
      ]);
      await join.reported("CLOSED");
    } finally {
      await disconnect(client);
    }
  });

  it("closes the channel with a system error when its token expires", async () => {
    const ada = await signedInUser("rt-expiry");
    const client = anonClient();
    try {
      const exp = Math.floor(Date.now() / 1000) + 3;
      const token = await new SignJWT({ sub: ada.id, role: "authenticated", aud: "authenticated", exp })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .sign(new TextEncoder().encode(LOCAL_JWT_SECRET));
      await client.realtime.setAuth(token);
      const channel = client.channel(topicOf(ada.id, "room"), { config: { private: true } });
      const system = inbox<{ status: string; message: string }>();
      channel.on("system", {}, (payload) => system.add(payload));
      const join = await joined(channel);

      const [closing] = await system.received(1);
      expect(closing).toMatchObject({ status: "error", message: expect.stringMatching(/^Token has expired \d+ seconds ago$/) });
      await join.reported("CLOSED");
    } finally {
      await Promise.all([disconnect(ada.client), disconnect(client)]);
    }
  });
});
