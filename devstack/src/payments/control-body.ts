// The JSON bodies of the fakes' /_fake/ controls, parsed like every request body: a clear 400 for anything else; and
// the controls every fake's webhook outbox shares.
import type { Context, Hono } from "hono";
import { z } from "zod";
import type { OutboxEvent, WebhookOutbox } from "./outbox.ts";

export class ControlError extends Error {
  constructor(
    readonly status: 400 | 404,
    message: string,
  ) {
    super(message);
  }
}

export async function controlBody<T>(c: Context, schema: z.ZodType<T>): Promise<T> {
  const text = await c.req.text();
  let value: unknown = {};
  if (text.trim() !== "") {
    try {
      value = JSON.parse(text);
    } catch {
      throw new ControlError(400, "The body must be JSON.");
    }
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ControlError(400, `${issue.path.join(".") || "body"}: ${issue.message}`);
  }
  return parsed.data;
}

/**
 * The controls every fake's webhook outbox shares: the events raised and their deliveries (optionally of one type),
 * redelivering one, and waiting until deliveries an API call raised are done.
 */
export function outboxControlRoutes<Event extends OutboxEvent>(
  app: Hono,
  outbox: WebhookOutbox<Event>,
  typeOf: (event: Event) => string,
): void {
  app.get("/_fake/events", (c) => {
    const type = c.req.query("type");
    return c.json(outbox.list().filter((entry) => !type || typeOf(entry.event) === type));
  });
  app.post("/_fake/events/:id/redeliver", async (c) => {
    const entry = await outbox.redeliver(c.req.param("id"));
    if (!entry) throw new ControlError(404, `No such event: ${c.req.param("id")}`);
    return c.json(entry);
  });
  app.post("/_fake/settle", async (c) => {
    await outbox.settle();
    return c.json({ settled: true });
  });
}
