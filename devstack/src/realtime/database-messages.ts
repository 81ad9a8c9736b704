// Broadcasts from the database: every row committed to realtime.messages (realtime.send, broadcast_changes, or an
// insert a policy allows) goes to the topic's private or public channels as a binary broadcast with meta {id}, as
// Supabase's Realtime sends what it reads from logical replication (realtime replication_connection.ex).
//
// devstack listens instead: a trigger (devstack/sql/bootstrap.sql) NOTIFYs each new row. NOTIFY is delivered at
// commit, in commit order, and never for a transaction that rolled back, so subscribers see exactly the committed
// messages in order, with no replication slot to create, watch or leave behind on a developer's machine. A row too
// large for a NOTIFY payload (8000 bytes) is announced by its id and read back here; announcements are handled one
// after another, so reading one back never lets a later one overtake it.
import { randomUUID } from "node:crypto";
import type { Sql } from "postgres";
import { z } from "zod";
import type { UserBroadcast } from "./serializer.ts";
import { audienceOf, type Topics } from "./topics.ts";

const ANNOUNCEMENTS = "devstack_realtime_messages";
/** Supabase drops a day's partition of realtime.messages once it is 72 hours old (realtime messages.ex). */
const KEPT_FOR = "72 hours";
const PRUNE_EVERY_MS = 60 * 60_000;
const PROBE_TIMEOUT_MS = 2_000;

const rowSchema = z.object({
  id: z.string(),
  topic: z.string(),
  event: z.string().nullable(),
  private: z.boolean().nullable(),
  payload: z.unknown(),
  binary_payload: z.union([z.string(), z.instanceof(Buffer)]).nullable(),
});
const announcementSchema = z.union([rowSchema, z.object({ id: z.string() }), z.object({ probe: z.string() })]);
type Row = z.infer<typeof rowSchema>;

export interface DatabaseMessages {
  /** Resolves once a NOTIFY sent now has come back through the listener: the delivery path works end to end. */
  probe(): Promise<void>;
  stop(): Promise<void>;
}

export async function deliverDatabaseMessages(sql: Sql, topics: Topics, log: (line: string) => void): Promise<DatabaseMessages> {
  const probes = new Map<string, () => void>();
  let handled = Promise.resolve();

  const announced = async (text: string) => {
    const announcement = announcementSchema.safeParse(JSON.parse(text));
    if (!announcement.success) return log(`realtime: an announcement of an unknown shape was ignored: ${text.slice(0, 200)}`);
    const { data } = announcement;
    if ("probe" in data) return probes.get(data.probe)?.();
    const row = "topic" in data ? data : await readRow(sql, data.id);
    if (row) deliver(topics, row);
  };
  const listener = await sql.listen(ANNOUNCEMENTS, (text) => {
    handled = handled.then(() => announced(text)).catch((error: Error) => log(`realtime: a database message was lost: ${error.message}`));
  });

  const prune = () =>
    sql`delete from realtime.messages where inserted_at < now() - ${KEPT_FOR}::interval`.catch((error: Error) =>
      log(`realtime: pruning realtime.messages failed: ${error.message}`),
    );
  await prune();
  const pruning = setInterval(() => void prune(), PRUNE_EVERY_MS);
  pruning.unref();

  return {
    async probe() {
      const id = randomUUID();
      const arrived = new Promise<void>((resolve, reject) => {
        probes.set(id, resolve);
        const late = () => reject(new Error(`a NOTIFY did not come back within ${PROBE_TIMEOUT_MS} ms`));
        setTimeout(late, PROBE_TIMEOUT_MS).unref();
      });
      try {
        await sql`select pg_notify(${ANNOUNCEMENTS}, ${JSON.stringify({ probe: id })})`;
        await arrived;
      } finally {
        probes.delete(id);
      }
    },
    async stop() {
      clearInterval(pruning);
      await listener.unlisten();
      await handled;
    },
  };
}

async function readRow(sql: Sql, id: string): Promise<Row | undefined> {
  const [row] = await sql<Row[]>`
    select id, topic, event, private, payload, binary_payload from realtime.messages where id = ${id}
  `;
  return row;
}

/** As Realtime, a row without an event, a privacy flag or a payload is not a broadcast and goes nowhere. */
function deliver(topics: Topics, row: Row): void {
  if (row.event === null || row.private === null) return;
  let broadcast: UserBroadcast;
  const metadata = { id: row.id };
  if (row.binary_payload !== null) {
    const bytes = typeof row.binary_payload === "string" ? Buffer.from(row.binary_payload, "base64") : row.binary_payload;
    broadcast = { userEvent: row.event, encoding: "binary", bytes, metadata };
  } else if (row.payload !== null && row.payload !== undefined) {
    broadcast = { userEvent: row.event, encoding: "json", bytes: Buffer.from(JSON.stringify(row.payload)), metadata };
  } else {
    return;
  }
  topics.deliver(audienceOf(row.topic, row.private), { kind: "user-broadcast", broadcast });
}
