// Resend's sending API as the product calls it through EMAIL_API_URL (POST /emails, POST /emails/batch), with its
// Bearer key check, its Idempotency-Key and its answers: {id}, {data: [{id}]}, and errors as {statusCode, name, message}.
import { type Context, Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import { MAX_BATCH, MAX_IDEMPOTENCY_KEY, MAX_RECIPIENTS } from "../../../edge-functions/_shared/email/limits.ts";
import { IdempotentRequests } from "../idempotency.ts";
import type { Address, MailStore, NewMessage } from "./store.ts";


// Resend accepts "email@example.com" or "Name <email@example.com>".
const ADDRESS = /^\s*(?:"?([^"<]*?)"?\s*<([^<>\s@]+@[^<>\s@]+)>|([^<>\s@]+@[^<>\s@]+))\s*$/;

export function parseAddress(value: string): Address | null {
  const match = ADDRESS.exec(value);
  if (!match) return null;
  return match[3] ? { Name: "", Address: match[3] } : { Name: (match[1] ?? "").trim(), Address: match[2] ?? "" };
}

const recipients = z.union([z.string(), z.array(z.string())]);

const emailBody = z.object({
  from: z.string().optional(),
  to: recipients.optional(),
  subject: z.string().optional(),
  html: z.string().optional(),
  text: z.string().optional(),
  cc: recipients.optional(),
  bcc: recipients.optional(),
  reply_to: recipients.optional(),
  headers: z.record(z.string(), z.string()).optional(),
  tags: z.array(z.object({ name: z.string(), value: z.string() })).optional(),
});
type EmailBody = z.infer<typeof emailBody>;

class ResendError extends Error {
  constructor(
    readonly statusCode: ContentfulStatusCode,
    override readonly name: string,
    message: string,
  ) {
    super(message);
  }
}

const validation = (message: string) => new ResendError(422, "validation_error", message);
const missingField = (field: string) => new ResendError(422, "missing_required_field", `Missing \`${field}\` field.`);

function addressList(field: string, value: string | string[] | undefined, required: boolean): Address[] {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  if (required && list.length === 0) throw missingField(field);
  if (list.length > MAX_RECIPIENTS) throw validation(`Too many recipients in \`${field}\`: at most ${MAX_RECIPIENTS}.`);
  return list.map((entry) => {
    const address = parseAddress(entry);
    if (!address) {
      throw validation(
        `Invalid \`${field}\` field. The email address needs to follow the \`email@example.com\` or \`Name <email@example.com>\` format.`,
      );
    }
    return address;
  });
}

/** Checks one email as Resend does and turns it into the catcher's message. */
function toMessage(body: EmailBody): NewMessage {
  if (body.from === undefined) throw missingField("from");
  const [from] = addressList("from", body.from, true);
  const to = addressList("to", body.to, true);
  if (body.subject === undefined) throw missingField("subject");
  if (body.html === undefined && body.text === undefined) throw missingField("html` or `text");
  return {
    From: from!,
    To: to,
    Cc: addressList("cc", body.cc, false),
    Bcc: addressList("bcc", body.bcc, false),
    ReplyTo: addressList("reply_to", body.reply_to, false),
    Subject: body.subject,
    Tags: (body.tags ?? []).map((tag) => `${tag.name}:${tag.value}`),
    Text: body.text ?? "",
    HTML: body.html ?? "",
    Headers: body.headers ?? {},
    Source: "resend",
  };
}

async function jsonBody(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    throw new ResendError(400, "validation_error", "Invalid JSON in the request body.");
  }
}

function parseEmail(value: unknown): EmailBody {
  const parsed = emailBody.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.length ? `\`${issue.path.join(".")}\`` : "body";
  throw validation(`Invalid ${field} field: ${issue?.message ?? "invalid value"}.`);
}

/** Resend keeps an idempotency key for 24 hours. */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

const requireKey = (apiKey: string) =>
  createMiddleware(async (c, next) => {
    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header("Authorization") ?? "");
    if (!match) {
      throw new ResendError(
        401,
        "missing_api_key",
        "Missing API key in the authorization header. Include the following header 'Authorization: Bearer YOUR_API_KEY' in the request.",
      );
    }
    if (match[1] !== apiKey) throw new ResendError(403, "invalid_api_key", "API key is invalid");
    await next();
  });

export interface ResendRoutesOptions {
  /** The clock for idempotency keys' expiry; tests pass their own. */
  now?: () => number;
}

export function resendRoutes(store: MailStore, apiKey: string, options: ResendRoutesOptions = {}): Hono {
  const app = new Hono();
  app.use("/emails", requireKey(apiKey));
  app.use("/emails/*", requireKey(apiKey));

  // A key belongs to one API key and one endpoint; the same key and body again answers the first ids and keeps nothing
  // more, so a batch retried after a lost answer or a killed worker is delivered once.
  const idempotency = new IdempotentRequests({ ttlMs: IDEMPOTENCY_TTL_MS, now: options.now });
  const sendOnce = async (c: Context, send: (body: unknown) => object) => {
    const body = await jsonBody(c.req.raw);
    const key = c.req.header("Idempotency-Key");
    if (key === undefined) return c.json(send(body));
    if (key.length < 1 || key.length > MAX_IDEMPOTENCY_KEY) {
      throw new ResendError(400, "invalid_idempotency_key", `Idempotency keys, if present, must have between 1 and ${MAX_IDEMPOTENCY_KEY} characters.`);
    }
    const endpoint = `${c.req.method} ${c.req.path}`;
    const scopedKey = `${apiKey}\u0000${endpoint}\u0000${key}`;
    const found = idempotency.lookup(scopedKey, endpoint, body);
    if (found.kind === "conflict") {
      throw new ResendError(
        409,
        "invalid_idempotent_request",
        "This idempotency key has been used with this HTTP method and endpoint within the last 24 hours, but the request body was modified and doesn't match the original request.",
      );
    }
    if (found.kind === "replay") return c.json(found.answer.body as object);
    // Only a send that went through is remembered: a refused body may be corrected and sent again under its key.
    const answer = send(body);
    idempotency.remember(scopedKey, endpoint, body, { status: 200, body: answer });
    return c.json(answer);
  };

  app.post("/emails", (c) => sendOnce(c, (body) => ({ id: store.add(toMessage(parseEmail(body))).ID })));

  app.post("/emails/batch", (c) =>
    sendOnce(c, (body) => {
      if (!Array.isArray(body)) throw validation("The batch must be an array of emails.");
      if (body.length === 0) throw validation("The batch must hold at least one email.");
      if (body.length > MAX_BATCH) throw validation(`Too many emails in the batch: at most ${MAX_BATCH}.`);
      // All or nothing, as Resend's strict batch: every email is checked before any is kept.
      const messages = body.map((email, index) => {
        try {
          return toMessage(parseEmail(email));
        } catch (error) {
          if (!(error instanceof ResendError)) throw error;
          throw new ResendError(error.statusCode, error.name, `Email ${index}: ${error.message}`);
        }
      });
      return { data: messages.map((message) => ({ id: store.add(message).ID })) };
    }));

  app.onError((error, c) => {
    if (error instanceof ResendError) {
      return c.json({ statusCode: error.statusCode, name: error.name, message: error.message }, error.statusCode);
    }
    throw error;
  });
  return app;
}
