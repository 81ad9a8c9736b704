// Realtime's REST broadcast API, which realtime-js uses for httpSend() and for send() before a channel has joined
// (realtime lib/realtime_web/router.ex, broadcast_controller.ex, broadcast_single_controller.ex, batch_broadcast.ex,
// single_broadcast.ex): 202 once sent. The caller's token (bearer, else apikey) is checked as a socket's is; a
// message for a private channel goes out only if the token may write to its topic.
import { Hono, type Context } from "hono";
import type { Sql } from "postgres";
import { z } from "zod";
import { mayWrite } from "./authorization.ts";
import { checkToken, type Claims } from "./tokens.ts";
import { audienceOf, type Delivery, type Topics } from "./topics.ts";

export interface RestOptions {
  sql: Sql;
  topics: Topics;
  secret: Uint8Array;
  log: (line: string) => void;
}

const batchSchema = z.object({
  messages: z
    .array(
      z.object({
        id: z.string().optional(),
        topic: z.string().min(1),
        event: z.string().min(1),
        payload: z.record(z.string(), z.unknown()),
        private: z.boolean().default(false),
      }),
    )
    .min(1),
});

type Env = { Variables: { claims: Claims } };

export function realtimeRestApp({ sql, topics, secret, log }: RestOptions): Hono<Env> {
  const app = new Hono<Env>();

  app.use("/api/*", async (c, next) => {
    const bearer = /^bearer (.+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
    const token = await checkToken(bearer ?? c.req.header("apikey"), secret);
    if (!token.ok) return c.json({ message: "Unauthorized" }, 401);
    c.set("claims", token.claims);
    await next();
  });

  /** Whether the caller may write to a private topic; a failing check denies. */
  const writes = async (c: Context<Env>, topic: string) => {
    const context = { topic, claims: c.get("claims"), headers: Object.fromEntries(c.req.raw.headers) };
    return mayWrite(sql, context, "broadcast").catch((error: Error) => {
      log(`realtime: the write check on ${topic} failed: ${error.message}`);
      return false;
    });
  };

  // Text broadcasts; a private topic the caller may not write to is skipped, the others still go.
  app.post("/api/broadcast", async (c) => {
    const body = await jsonBody(c);
    if (body === undefined) return c.json({ message: "The request body is not JSON" }, 400);
    const batch = batchSchema.safeParse(body);
    if (!batch.success) return c.json({ errors: z.flattenError(batch.error) }, 422);
    const allowed = new Map<string, boolean>();
    for (const message of batch.data.messages) {
      if (message.private && !allowed.has(message.topic)) allowed.set(message.topic, await writes(c, message.topic));
      if (message.private && !allowed.get(message.topic)) continue;
      const payload = { payload: message.payload, event: message.event, type: "broadcast", ...(message.id ? { meta: { id: message.id } } : {}) };
      topics.deliver(audienceOf(message.topic, message.private), { kind: "broadcast", payload });
    }
    return c.body(null, 202);
  });

  // One broadcast, JSON or raw bytes, sent as a binary frame.
  app.post("/api/broadcast/:topic/events/:event", async (c) => {
    const { topic, event } = c.req.param();
    const isPrivate = c.req.query("private") === "true";
    const contentType = (c.req.header("content-type") ?? "application/json").split(";")[0]?.trim().toLowerCase();
    let broadcast: Extract<Delivery, { kind: "user-broadcast" }>["broadcast"];
    if (contentType === "application/octet-stream") {
      broadcast = { userEvent: event, encoding: "binary", bytes: Buffer.from(await c.req.arrayBuffer()) };
    } else if (contentType === "application/json") {
      const payload = await jsonBody(c);
      if (payload === undefined) return c.json({ message: "The request body is not JSON" }, 400);
      if (payload === null) return c.json({ errors: { payload: ["can't be blank"] } }, 422);
      broadcast = { userEvent: event, encoding: "json", bytes: Buffer.from(JSON.stringify(payload)) };
    } else {
      return c.json({ error: "Unsupported Media Type. Use application/json or application/octet-stream" }, 415);
    }
    if (isPrivate && !(await writes(c, topic))) return c.json({ message: "Unauthorized" }, 403);
    topics.deliver(audienceOf(topic, isPrivate), { kind: "user-broadcast", broadcast });
    return c.body(null, 202);
  });

  return app;
}

/** The body as JSON, or undefined when it is not JSON. */
async function jsonBody(c: Context): Promise<unknown> {
  try {
    return JSON.parse(await c.req.text());
  } catch {
    return undefined;
  }
}
