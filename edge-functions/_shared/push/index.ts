// The product's Web Push sender: one encrypted message to one browser subscription, as RFC 8030 delivers it, signed
// with the VAPID keys from env and sent only to a known push service. The push service's answer becomes one outcome
// the caller acts on: sent, gone (delete the subscription), retry (later, after retryAfterSeconds when given) or
// refused (not worth trying again). A deployment without VAPID keys raises PushError instead: no subscription is at
// fault there.
//
// web-push's sendNotification is not used for the request: it posts through Node's https module only, so it could
// neither reach devstack's plain-HTTP fake nor be kept from following the push service elsewhere. Its keys and
// signature are (vapid.ts), its encryption library is (encryption.ts); the request is the platform's fetch.
import { z } from "zod";
import { env } from "../env.ts";
import { describeAllIssues } from "../zod-issues.ts";
import { isBase64urlOf } from "../base64url.ts";
import { encryptPushPayload } from "./encryption.ts";
import { isKnownPushService } from "../push-service-hosts.ts";
import { vapidAuthorization, type VapidCredentials } from "./vapid.ts";

export { DEFAULT_PUSH_SERVICE_HOSTS } from "../push-service-hosts.ts";
export { MAX_PAYLOAD_BYTES } from "./encryption.ts";

/** A push service that takes longer than this is given up on for now, well within an edge function's time. */
const SEND_TIMEOUT_MS = 10_000;
/** The most of a refusal's body kept in its reason: enough for the service's error name. */
const REASON_CHARS = 200;

const base64urlBytes = (bytes: number, what: string) =>
  z.string().refine((value) => isBase64urlOf(value, bytes), `must be ${what} (${bytes} bytes, base64url)`);

/** What a browser's PushSubscription.toJSON() gives, minus expirationTime. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }),
  keys: z.object({
    p256dh: base64urlBytes(65, "an uncompressed P-256 public key"),
    auth: base64urlBytes(16, "a 16-byte auth secret"),
  }),
});
export type PushSubscription = z.infer<typeof pushSubscriptionSchema>;

export interface PushOptions {
  /** How long the push service keeps the message for an offline browser; 0 delivers now or never. */
  ttlSeconds: number;
  urgency?: "very-low" | "low" | "normal" | "high";
  /** A newer message with the same topic replaces an undelivered older one: at most 32 base64url characters. */
  topic?: string;
}

export interface PushSettings {
  /** Undefined when VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY or VAPID_SUBJECT is unset. */
  vapid?: VapidCredentials;
  /** PUSH_SERVICE_HOSTS, parsed. */
  serviceHosts: readonly string[];
  /** Injected only to reach a server the test starts; the default is the platform's fetch. */
  fetch?: typeof fetch;
}

export type PushOutcome =
  | { outcome: "sent"; status: number }
  /** The subscription has expired or was withdrawn: delete it. */
  | { outcome: "gone"; status: 404 | 410 }
  /** Rate-limited (429), the push service failing (5xx) or not answering: try again later. */
  | { outcome: "retry"; status?: number; retryAfterSeconds?: number; reason: string }
  /** Not to be tried again: a subscription or message the push service (or this sender, before any request) refuses. */
  | { outcome: "refused"; status?: number; reason: string };

export class PushError extends Error {
  constructor(readonly reason: "not_configured", message: string) {
    super(message);
    this.name = "PushError";
  }
}

/** The settings from the function's environment. */
export function pushSettingsFromEnv(): PushSettings {
  const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT, PUSH_SERVICE_HOSTS } = env();
  const vapid = VAPID_PUBLIC_KEY && VAPID_PRIVATE_KEY && VAPID_SUBJECT
    ? { publicKey: VAPID_PUBLIC_KEY, privateKey: VAPID_PRIVATE_KEY, subject: VAPID_SUBJECT }
    : undefined;
  return { vapid, serviceHosts: PUSH_SERVICE_HOSTS };
}

const optionsSchema = z.object({
  ttlSeconds: z.number().int("must be a whole number").min(0, "must be 0 or more"),
  urgency: z.enum(["very-low", "low", "normal", "high"]).optional(),
  topic: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, "must be 1 to 32 base64url characters").optional(),
});

export async function sendWebPush(
  subscription: PushSubscription,
  payload: string,
  options: PushOptions,
  settings: PushSettings = pushSettingsFromEnv(),
): Promise<PushOutcome> {
  if (!settings.vapid) {
    throw new PushError("not_configured", "Web Push needs VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT");
  }
  const parsedOptions = optionsSchema.safeParse(options);
  if (!parsedOptions.success) throw new TypeError(`The push options are invalid: ${describeAllIssues(parsedOptions.error)}`);
  const parsed = pushSubscriptionSchema.safeParse(subscription);
  if (!parsed.success) return { outcome: "refused", reason: `The subscription is invalid: ${describeAllIssues(parsed.error)}` };
  const endpoint = new URL(parsed.data.endpoint);
  if (!isKnownPushService(endpoint, settings.serviceHosts)) {
    return { outcome: "refused", reason: `${endpoint.host} is not a known push service (PUSH_SERVICE_HOSTS)` };
  }

  let body: Uint8Array<ArrayBuffer>;
  try {
    body = encryptPushPayload(parsed.data.keys, payload);
  } catch (error) {
    // A too long payload, or a p256dh that is not a point on the curve.
    return { outcome: "refused", reason: `The message cannot be encrypted: ${(error as Error).message}` };
  }
  const { ttlSeconds, urgency, topic } = parsedOptions.data;
  const headers: Record<string, string> = {
    Authorization: vapidAuthorization(endpoint, settings.vapid),
    "Content-Encoding": "aes128gcm",
    "Content-Type": "application/octet-stream",
    TTL: String(ttlSeconds),
  };
  if (urgency) headers.Urgency = urgency;
  if (topic) headers.Topic = topic;

  let response: Response;
  try {
    response = await (settings.fetch ?? fetch)(endpoint, {
      method: "POST",
      headers,
      body,
      // A redirect would take the message to a host nobody checked.
      redirect: "manual",
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (error) {
    return { outcome: "retry", reason: `The push service did not answer: ${(error as Error).message}` };
  }
  return outcomeOf(response);
}

async function outcomeOf(response: Response): Promise<PushOutcome> {
  const { status } = response;
  const reason = `The push service answered ${status}: ${(await response.text().catch(() => "")).slice(0, REASON_CHARS)}`;
  if (status === 201 || status === 202) return { outcome: "sent", status };
  if (status === 404 || status === 410) return { outcome: "gone", status };
  if (status === 429 || status >= 500) {
    const retryAfterSeconds = retryAfter(response.headers.get("Retry-After"));
    return retryAfterSeconds === undefined ? { outcome: "retry", status, reason } : { outcome: "retry", status, retryAfterSeconds, reason };
  }
  return { outcome: "refused", status, reason };
}

/** Retry-After as seconds from now: it is either a number of seconds or an HTTP date. */
function retryAfter(header: string | null, now = Date.now()): number | undefined {
  if (header === null) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}
