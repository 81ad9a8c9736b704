// The read side, in Mailpit's API (v1) shapes, so a test or a tool written for Mailpit (the Supabase CLI's inbox)
// reads the catcher unchanged: list, search, one message, delete.
import { Hono } from "hono";
import { z } from "zod";
import { type MailStore, matchesSearch, snippetOf, type StoredMessage } from "./store.ts";

const DEFAULT_LIMIT = 50;

const paging = z.object({
  start: z.coerce.number().int().min(0).catch(0),
  limit: z.coerce.number().int().min(1).catch(DEFAULT_LIMIT),
});

const deleteBody = z.object({ IDs: z.array(z.string()).optional() });

/** Mailpit's message summary, as its list and search answer it. */
function summary(message: StoredMessage) {
  return {
    ID: message.ID,
    MessageID: message.MessageID,
    Read: message.Read,
    From: message.From,
    To: message.To,
    Cc: message.Cc,
    Bcc: message.Bcc,
    ReplyTo: message.ReplyTo,
    Subject: message.Subject,
    Created: message.Created,
    Tags: message.Tags,
    Size: message.Size,
    Attachments: 0,
    Snippet: snippetOf(message),
  };
}

function page(all: StoredMessage[], matching: StoredMessage[], query: Record<string, string>) {
  const { start, limit } = paging.parse(query);
  const messages = matching.slice(start, start + limit);
  return {
    total: all.length,
    unread: all.filter((message) => !message.Read).length,
    count: messages.length,
    messages_count: matching.length,
    start,
    tags: [...new Set(all.flatMap((message) => message.Tags))].sort(),
    messages: messages.map(summary),
  };
}

export function mailpitRoutes(store: MailStore): Hono {
  const app = new Hono();

  app.get("/api/v1/messages", (c) => {
    const all = store.list();
    return c.json(page(all, all, c.req.query()));
  });

  app.get("/api/v1/search", (c) => {
    const all = store.list();
    const query = c.req.query("query") ?? "";
    return c.json(page(all, all.filter((message) => matchesSearch(message, query)), c.req.query()));
  });

  app.get("/api/v1/message/:id", (c) => {
    const message = store.get(c.req.param("id"));
    if (!message) return c.text("message not found", 404);
    // Opening a message marks it read, as in Mailpit.
    message.Read = true;
    const { Source: _source, Headers: _headers, Read: _read, Created, ...rest } = message;
    return c.json({ ...rest, Date: Created, ReturnPath: message.From.Address, Inline: [], Attachments: [] });
  });

  app.get("/api/v1/message/:id/headers", (c) => {
    const message = store.get(c.req.param("id"));
    if (!message) return c.text("message not found", 404);
    // Mailpit answers each header as a list of its values.
    return c.json(Object.fromEntries(Object.entries(message.Headers).map(([name, value]) => [name, [value]])));
  });

  app.delete("/api/v1/messages", async (c) => {
    const text = await c.req.text();
    const parsed = deleteBody.safeParse(text.trim() === "" ? {} : safeJson(text));
    // A body that names nothing readable must not read as "delete everything".
    if (!parsed.success) return c.text('the body must be empty or {"IDs": ["..."]}', 400);
    const { IDs } = parsed.data;
    // Mailpit deletes everything when no IDs are named.
    store.delete(IDs && IDs.length > 0 ? IDs : undefined);
    return c.text("ok");
  });

  return app;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
