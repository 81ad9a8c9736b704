// Realtime restarting under connected clients, as a deploy restarts Supabase's: realtime-js reconnects and rejoins on
// its own, and messages flow again. The test runs its own Realtime server (the same code the stack runs) against the
// stack's database, on a port of its own, so it can stop and start it without disturbing the other tests.
import { createServer, type Server } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { LOCAL_JWT_SECRET } from "../../src/auth/keys.ts";
import { freePort } from "../../src/cli/ports.ts";
import { startRealtime, type RealtimeServer } from "../../src/realtime/index.ts";
import { anonClient, env } from "./env.ts";
import { broadcasts, database, disconnect, joined, uniqueTopic } from "./realtime-channels.ts";

const sql = database();
afterAll(() => sql.end());

/** A Realtime server listening on `port` as the gateway serves it: websockets at /realtime/v1/websocket. */
async function serveRealtime(port: number): Promise<{ realtime: RealtimeServer; server: Server }> {
  const realtime = await startRealtime({ dbUrl: env.SUPABASE_DB_URL, jwtSecret: LOCAL_JWT_SECRET, log: () => {} });
  const server = createServer((_, response) => response.writeHead(404).end());
  server.on("upgrade", realtime.handleUpgrade);
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { realtime, server };
}

async function stop({ realtime, server }: { realtime: RealtimeServer; server: Server }): Promise<void> {
  await Promise.all([new Promise((resolve) => server.close(resolve)), realtime.stop()]);
}

describe("a Realtime restart", () => {
  it("is followed by realtime-js reconnecting, rejoining and receiving again", async () => {
    const port = await freePort();
    let running = await serveRealtime(port);
    const client = anonClient(`http://127.0.0.1:${port}`);
    const topic = uniqueTopic("restart");
    try {
      const channel = client.channel(topic);
      const received = broadcasts(channel);
      const join = await joined(channel);
      await sql`select realtime.send('{"n": 1}', 'tick', ${topic}, false)`;
      await received.received(1);

      await stop(running);
      running = await serveRealtime(port);
      await join.reported("SUBSCRIBED", 2);

      await sql`select realtime.send('{"n": 2}', 'tick', ${topic}, false)`;
      expect((await received.received(2)).map((message) => message.payload.n)).toEqual([1, 2]);
    } finally {
      await disconnect(client);
      await stop(running);
    }
  });
});
