// The Realtime stand-in: the service @supabase/realtime-js 2.x talks to, on the gateway's port as the Supabase CLI's Kong
// routes it. Websocket upgrades at /realtime/v1/websocket (Phoenix protocol vsn 2.0.0: broadcast, presence, private
// channels authorised by RLS on realtime.messages) and the REST broadcast API (the gateway mounts fetch at
// /realtime/v1); messages committed to realtime.messages reach subscribers from the database.
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import postgres from "postgres";
import { WebSocketServer, type WebSocket } from "ws";
import type { ChannelServices } from "./channel.ts";
import { Connection } from "./connection.ts";
import { deliverDatabaseMessages } from "./database-messages.ts";
import { PresenceRegistry } from "./presence.ts";
import { realtimeRestApp } from "./rest.ts";
import { checkToken, connectRefusal, secretKey } from "./tokens.ts";
import { Topics } from "./topics.ts";

export interface RealtimeOptions {
  dbUrl: string;
  jwtSecret: string;
  log: (line: string) => void;
}

export interface RealtimeServer {
  /** For the HTTP server's "upgrade" event: takes /realtime/v1/websocket, refuses anything else. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** The REST API, for requests whose path starts at /api (the gateway strips /realtime/v1). */
  fetch(request: Request): Response | Promise<Response>;
  /** Throws (saying why) unless the database answers and a NOTIFY comes back through the listener. */
  probe(): Promise<void>;
  /**
   * Stops taking sockets and closes every client's (they reconnect, as from a restarted Realtime), waiting until they
   * are gone: an HTTP server's close() waits for its upgraded sockets too.
   */
  disconnectAll(): Promise<void>;
  /** disconnectAll, then the database connections. */
  stop(): Promise<void>;
}

const SOCKET_PATH = "/realtime/v1/websocket";
/** Realtime's default limit on a message's payload (a tenant's max_payload_size_in_kb, 3,000 KB) plus framing. */
const MAX_FRAME_BYTES = 3_000 * 1000 + 1024;
const GOING_AWAY = 1001;
const CLOSE_GRACE_MS = 1_000;

export async function startRealtime({ dbUrl, jwtSecret, log }: RealtimeOptions): Promise<RealtimeServer> {
  const sql = postgres(dbUrl, { max: 10, onnotice: () => {} });
  const secret = secretKey(jwtSecret);
  const topics = new Topics(log);
  const services: ChannelServices = { sql, topics, presence: new PresenceRegistry(), secret, log };
  let databaseMessages;
  try {
    databaseMessages = await deliverDatabaseMessages(sql, topics, log);
  } catch (error) {
    await sql.end({ timeout: 5 });
    throw error;
  }
  const rest = realtimeRestApp({ sql, topics, secret, log });
  const websockets = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });

  let accepting = true;
  const handleUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on("error", () => {});
    if (!accepting) return refuseUpgrade(socket, 503, "Realtime is restarting, please standby");
    const url = new URL(request.url ?? "/", "http://localhost");
    if (url.pathname !== SOCKET_PATH) return refuseUpgrade(socket, 404, "Not Found");
    // Phoenix picks the serializer by vsn, 1.0.0 when absent; this stand-in speaks the one realtime-js 2.x uses.
    if (url.searchParams.get("vsn") !== "2.0.0") {
      return refuseUpgrade(socket, 403, "devstack's Realtime speaks the Phoenix protocol vsn=2.0.0 only");
    }
    const header = request.headers["x-api-key"];
    const token = typeof header === "string" ? header : url.searchParams.get("apikey");
    void checkToken(token ?? undefined, secret).then((check) => {
      if (!accepting) return refuseUpgrade(socket, 503, "Realtime is restarting, please standby");
      if (!check.ok) {
        const refusal = connectRefusal(check);
        return refuseUpgrade(socket, refusal.status, refusal.error);
      }
      websockets.handleUpgrade(request, socket, head, (ws) => {
        new Connection(services, ws, token ?? "", xHeaders(request));
      });
    });
  };

  const disconnectAll = async () => {
    accepting = false;
    await Promise.all([...websockets.clients].map(closed));
  };

  let stopping: Promise<void> | undefined;
  return {
    handleUpgrade,
    fetch: (request) => rest.fetch(request),
    async probe() {
      await sql`select 1`;
      await databaseMessages.probe();
    },
    disconnectAll,
    stop() {
      stopping ??= (async () => {
        await disconnectAll();
        websockets.close();
        await databaseMessages.stop();
        await sql.end({ timeout: 5 });
      })();
      return stopping;
    },
  };
}

/** Closes with 1001, which realtime-js answers by reconnecting; a client that doesn't answer is cut off. */
function closed(ws: WebSocket): Promise<void> {
  return new Promise((resolve) => {
    if (ws.readyState === ws.CLOSED) return resolve();
    const cutOff = setTimeout(() => ws.terminate(), CLOSE_GRACE_MS);
    ws.once("close", () => {
      clearTimeout(cutOff);
      resolve();
    });
    ws.close(GOING_AWAY, "Realtime is restarting");
  });
}

/** Realtime's refusals are JSON {error} answers to the upgrade request (realtime user_socket.ex handle_error). */
function refuseUpgrade(socket: Duplex, status: number, error: string): void {
  const body = JSON.stringify({ error });
  const reason = { 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 503: "Service Unavailable" }[status] ?? "Error";
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
}

/** The upgrade request's x- headers, which Realtime gives policies as request.headers. */
function xHeaders(request: IncomingMessage): Record<string, string> {
  return Object.fromEntries(
    Object.entries(request.headers)
      .filter(([name]) => name.startsWith("x-"))
      .map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : (value ?? "")]),
  );
}
