// The product's email sender: every mail MailScout itself sends (notifications, receipts, campaigns) goes through
// Resend's HTTP API at EMAIL_API_URL with EMAIL_API_KEY; locally devstack points both at its mail catcher. Messages
// are checked here before anything is sent, and every way a send can fail becomes one EmailError with a reason.
import { z } from "zod";
import { env } from "../env.ts";
import { describeAllIssues } from "../zod-issues.ts";
import { MAX_BATCH, MAX_IDEMPOTENCY_KEY, MAX_RECIPIENTS } from "./limits.ts";

/** A send that takes longer than this is given up as unavailable, well within an edge function's time. */
const SEND_TIMEOUT_MS = 10_000;

// "ada@example.com" or "Ada Lovelace <ada@example.com>", as Resend takes them.
const ADDRESS = /^(?:[^<>@\r\n]*<[^<>\s@]+@[^<>\s@]+\.[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+\.[^<>\s@]+)$/;
const address = z.string().trim().regex(ADDRESS, "must be an address such as ada@example.com or Ada <ada@example.com>");
const addresses = z.union([address, z.array(address).min(1).max(MAX_RECIPIENTS)]);
// A header name and value may not carry a line break, which would let a value smuggle in another header.
const headerName = z.string().regex(/^[A-Za-z0-9-]+$/, "must be a header name");
const headerValue = z.string().regex(/^[^\r\n]*$/, "must be one line");
// Resend's rule for tag names and values: ASCII letters, digits, underscores and dashes, at most 256 characters.
const tagPart = z.string().regex(/^[A-Za-z0-9_-]{1,256}$/, "must be letters, digits, _ or -");

export const emailMessageSchema = z
  .object({
    from: address,
    to: addresses,
    subject: z.string().trim().min(1, "is required").max(998, "must be at most 998 characters").regex(/^[^\r\n]*$/, "must be one line"),
    html: z.string().optional(),
    text: z.string().optional(),
    cc: addresses.optional(),
    bcc: addresses.optional(),
    replyTo: addresses.optional(),
    headers: z.record(headerName, headerValue).optional(),
    tags: z.array(z.object({ name: tagPart, value: tagPart })).optional(),
  })
  .refine((message) => message.html !== undefined || message.text !== undefined, {
    message: "needs an html or a text body",
    path: ["html"],
  });
export type EmailMessage = z.input<typeof emailMessageSchema>;

export interface EmailSettings {
  /** Resend's API base (https://api.resend.com), or the catcher's locally. */
  apiUrl: string;
  apiKey: string;
  /** Injected only to reach a server the test starts; the default is the platform's fetch. */
  fetch?: typeof fetch;
}

export type EmailFailure =
  /** EMAIL_API_URL or EMAIL_API_KEY is missing: a deployment fault, not the caller's. */
  | "not_configured"
  /** The message itself is wrong (an address, a missing body): the caller's to fix. */
  | "invalid_message"
  /** The provider refused it (a bad key, its validation, a quota): its name and message are kept. */
  | "rejected"
  /** No answer, a timeout or a 5xx: worth trying again later. */
  | "unavailable";

export class EmailError extends Error {
  constructor(
    readonly reason: EmailFailure,
    message: string,
    /** The provider's status and error name when it answered. */
    readonly provider?: { status: number; name: string },
  ) {
    super(message);
    this.name = "EmailError";
  }
}

/** The settings from the function's environment. */
export function emailSettingsFromEnv(): EmailSettings {
  const { EMAIL_API_URL, EMAIL_API_KEY } = env();
  return { apiUrl: EMAIL_API_URL, apiKey: EMAIL_API_KEY };
}

function parseMessage(message: unknown, label = "The email"): z.output<typeof emailMessageSchema> {
  const parsed = emailMessageSchema.safeParse(message);
  if (!parsed.success) throw new EmailError("invalid_message", `${label} is invalid: ${describeAllIssues(parsed.error)}`);
  return parsed.data;
}

/** The message in Resend's request shape (snake_case reply_to). */
function resendBody(message: z.output<typeof emailMessageSchema>) {
  const { replyTo, ...rest } = message;
  return replyTo === undefined ? rest : { ...rest, reply_to: replyTo };
}

const resendError = z.object({ name: z.string(), message: z.string() });

async function post(
  settings: EmailSettings,
  path: string,
  body: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<unknown> {
  if (!settings.apiUrl || !settings.apiKey) {
    throw new EmailError("not_configured", "Email sending is not configured: set EMAIL_API_URL and EMAIL_API_KEY");
  }
  let response: Response;
  try {
    response = await (settings.fetch ?? fetch)(`${settings.apiUrl.replace(/\/+$/, "")}${path}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${settings.apiKey}`, "Content-Type": "application/json", ...extraHeaders },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (error) {
    throw new EmailError("unavailable", `The email service could not be reached: ${(error as Error).message}`);
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (response.ok) return json;
  const failure = resendError.safeParse(json);
  const name = failure.success ? failure.data.name : "unknown_error";
  const detail = failure.success ? failure.data.message : text.slice(0, 200) || response.statusText;
  // A request still running under the same idempotency key is worth retrying, like a busy server.
  if (response.status >= 500 || response.status === 429 || name === "concurrent_idempotent_requests") {
    throw new EmailError("unavailable", `The email service is unavailable (${response.status}): ${detail}`, {
      status: response.status,
      name,
    });
  }
  throw new EmailError("rejected", `The email service refused the email (${response.status} ${name}): ${detail}`, {
    status: response.status,
    name,
  });
}

const idempotencyKeySchema = z.string().min(1).max(MAX_IDEMPOTENCY_KEY).regex(/^[^\r\n]*$/);

const sentOne = z.object({ id: z.string().min(1) });
const sentBatch = z.object({ data: z.array(sentOne) });

/** Sends one email; answers the provider's id for it. */
export async function sendEmail(message: EmailMessage, settings = emailSettingsFromEnv()): Promise<{ id: string }> {
  const answer = sentOne.safeParse(await post(settings, "/emails", resendBody(parseMessage(message))));
  if (!answer.success) throw new EmailError("unavailable", "The email service answered without an email id");
  return answer.data;
}

/**
 * Sends up to 100 emails in one request, all or none; answers their ids in order. The idempotency key names this
 * batch for good (a campaign's batch n): sent again with the same emails within 24 hours, the provider answers the
 * same ids without sending, so a retry after a lost answer or a killed worker delivers once.
 */
export async function sendEmailBatch(
  messages: EmailMessage[],
  idempotencyKey: string,
  settings = emailSettingsFromEnv(),
): Promise<{ id: string }[]> {
  if (messages.length === 0) return [];
  if (messages.length > MAX_BATCH) throw new EmailError("invalid_message", `A batch holds at most ${MAX_BATCH} emails`);
  if (!idempotencyKeySchema.safeParse(idempotencyKey).success) {
    throw new EmailError("invalid_message", `The idempotency key must be 1 to ${MAX_IDEMPOTENCY_KEY} characters on one line`);
  }
  const bodies = messages.map((message, index) => resendBody(parseMessage(message, `Email ${index + 1} of the batch`)));
  const answer = sentBatch.safeParse(await post(settings, "/emails/batch", bodies, { "Idempotency-Key": idempotencyKey }));
  if (!answer.success || answer.data.data.length !== messages.length) {
    throw new EmailError("unavailable", "The email service answered the batch without an id for every email");
  }
  return answer.data.data;
}
