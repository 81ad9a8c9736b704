// `npm run bench`'s Realtime figures, through realtime-js as the app uses it: SOCKETS clients joined to one topic, then
// messages sent from SQL with realtime.send, each committed on its own as a job's progress is. Latency runs from just
// before the sending transaction commits to each socket's receipt; delivery counts what every socket received of
// DELIVERED messages, ended by a last message that arrives after them all (delivery is in commit order).
import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";
import postgres from "postgres";
import { percentiles } from "./bench-measure.ts";
import { LOCAL_ANON_KEY } from "../auth/keys.ts";
import type { RunningStack } from "../cli/stack.ts";
import { nodeSupabaseClient } from "../testing/supabase-client.ts";

const SOCKETS = 200;
const TIMED_MESSAGES = 100;
const DELIVERED = 1_000;

export async function realtimeFigures(stack: RunningStack): Promise<[string, string][]> {
  const sql = postgres(stack.dbUrl, { max: 1, onnotice: () => {} });
  const topic = `bench-realtime:${Date.now().toString(36)}`;
  const sockets = Array.from({ length: SOCKETS }, () => new Socket(nodeSupabaseClient(stack.url, LOCAL_ANON_KEY), topic));
  try {
    await Promise.all(sockets.map((socket) => socket.joined));

    const send = (n: number, event = "tick") =>
      sql.begin(async (transaction) => {
        await transaction`select realtime.send(jsonb_build_object('n', ${n}::int), ${event}, ${topic}, false)`;
        return performance.now();
      });

    const latencies: number[] = [];
    for (let n = 1; n <= TIMED_MESSAGES; n++) {
      const arrivals = sockets.map((socket) => socket.arrival(n));
      const committing = await send(n);
      for (const arrivedAt of await Promise.all(arrivals)) latencies.push(arrivedAt - committing);
    }

    for (const socket of sockets) socket.count = 0;
    const ends = sockets.map((socket) => socket.arrival(-1));
    for (let n = 1; n <= DELIVERED; n++) await send(n);
    await send(-1);
    await Promise.all(ends);
    const counts = sockets.map((socket) => socket.count);
    const lost = counts.reduce((sum, count) => sum + (DELIVERED - count), 0);

    return [
      [
        `realtime: realtime.send commit → client receipt, ${SOCKETS} sockets, ${TIMED_MESSAGES} messages`,
        percentiles(latencies.sort((a, b) => a - b)),
      ],
      [
        `realtime: ${DELIVERED.toLocaleString("en")} messages, one commit each, to ${SOCKETS} sockets`,
        `${Math.min(...counts)} to ${Math.max(...counts)} received per socket, ${lost} lost`,
      ],
    ];
  } finally {
    await Promise.all(sockets.map((socket) => socket.close()));
    await sql.end({ timeout: 5 });
  }
}

/** One client's socket joined to the topic, noting when each message (by its n) arrives. */
class Socket {
  readonly joined: Promise<void>;
  count = 0;
  private readonly channel: RealtimeChannel;
  private readonly waiting = new Map<number, (arrivedAt: number) => void>();

  constructor(
    private readonly client: SupabaseClient,
    topic: string,
  ) {
    this.channel = client.channel(topic).on("broadcast", { event: "*" }, ({ payload }) => {
      const arrivedAt = performance.now();
      const n = Number(payload.n);
      if (n > 0) this.count++;
      this.waiting.get(n)?.(arrivedAt);
      this.waiting.delete(n);
    });
    this.joined = new Promise((resolve, reject) =>
      this.channel.subscribe((status, error) => {
        if (status === "SUBSCRIBED") resolve();
        else reject(new Error(`a bench socket could not join: ${status} ${error?.message ?? ""}`));
      }),
    );
  }

  arrival(n: number): Promise<number> {
    return new Promise((resolve) => this.waiting.set(n, resolve));
  }

  async close(): Promise<void> {
    await this.client.removeAllChannels();
    this.client.realtime.disconnect();
  }
}
