// The settings every function gets from Supabase (locally from devstack, in production from the platform), parsed
// once so a misconfigured deployment fails at start-up with the variable's name instead of at its first request.
import { z } from "zod";
import { isBase64urlOf } from "./base64url.ts";
import { DEFAULT_PUSH_SERVICE_HOSTS, parsePushServiceHosts } from "./push-service-hosts.ts";
import { keyBytes } from "./secrets/index.ts";
import { describeAllIssues } from "./zod-issues.ts";

const KEY_SHAPE = "must be base64 of 32 random bytes (openssl rand -base64 32)";

/** Empty (push is not set up) or base64url of exactly `bytes` bytes: the shape web-push's generateVAPIDKeys gives. */
const vapidKey = (bytes: number, what: string) =>
  z.string().default("").refine(
    (key) => key === "" || isBase64urlOf(key, bytes),
    `must be empty or ${what} (${bytes} bytes, base64url; npx web-push generate-vapid-keys)`,
  );

export const envSchema = z.object({
  SUPABASE_URL: z.url({ protocol: /^https?$/, error: "must be the project's http(s) URL" }),
  SUPABASE_ANON_KEY: z.string({ error: "is required" }).min(1, "is required"),
  SUPABASE_SERVICE_ROLE_KEY: z.string({ error: "is required" }).min(1, "is required"),
  SUPABASE_DB_URL: z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgresql:// URL" }),
  // The project's own settings (.env.example): an unset or empty one takes its default.
  /** host:port[,...] or https:// DoH URLs; checked by the DNS module when the resolver is built. */
  DNS_SERVERS: z.string().default(""),
  /** http://host:port of the forward proxy for outbound HTTP, or empty; checked by explorations/net when it is built. */
  OUTBOUND_HTTP_PROXY: z.string().default(""),
  /** A PEM file of CA certificates trusted besides the usual roots by webhook deliveries (tests' local receiver). */
  OUTBOUND_CA_FILE: z.string().default(""),
  /** Resend's HTTP API, through which the product sends every email (devstack: its mail catcher). */
  EMAIL_API_URL: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).default("https://api.resend.com"),
  ),
  /** The API key for EMAIL_API_URL; empty means the product cannot send email (each send says so). */
  EMAIL_API_KEY: z.string().default(""),
  /** The sender of the product's emails; its domain must be verified at Resend. */
  EMAIL_FROM: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.string().default("MailScout Support <support@mailscout.test>"),
  ),
  /** Stripe's API, where checkouts, refunds and cancellations go (devstack and the tests: the local fake). */
  STRIPE_API_BASE: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).default("https://api.stripe.com"),
  ),
  /** PayPal's REST API (Orders v2, captures, refunds); https://api-m.sandbox.paypal.com for PayPal's sandbox. */
  PAYPAL_API_BASE: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).default("https://api-m.paypal.com"),
  ),
  /** The SPA's origin, for links in emails; empty means SUPABASE_URL, where devstack serves the SPA. */
  SITE_URL: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.url({ protocol: /^https?$/, error: "must be the SPA's http(s) URL" }).optional(),
  ),
  /** Where the seo-pages function reads the built SPA's index.html; empty means SITE_URL's /index.html. */
  SEO_SHELL_URL: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.url({ protocol: /^https?$/, error: "must be the http(s) URL of the SPA's built index.html" }).optional(),
  ),
  /** The secret a worker function's caller sends in x-worker-secret (the database has it in private.job_settings). */
  WORKER_SECRET: z.string({ error: "is required" }).min(1, "is required"),
  /** Seals the secrets kept in the database (payment credentials); never stored there. */
  SECRETS_ENCRYPTION_KEY: z.string({ error: `is required and ${KEY_SHAPE}` }).refine((key) => keyBytes(key), KEY_SHAPE),
  /** Keys used before the current one, comma-separated: still opened until POST /api/admin/payment-config/reseal. */
  SECRETS_ENCRYPTION_PREVIOUS_KEYS: z
    .string()
    .default("")
    .transform((keys) => keys.split(",").map((key) => key.trim()).filter(Boolean))
    .refine((keys) => keys.every((key) => keyBytes(key)), `each key ${KEY_SHAPE}`),
  /** Anonymous validations one client network may make per month, whatever sessions it uses. */
  ANON_IP_MONTHLY_LIMIT: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.coerce.number({ error: "must be a whole number" }).int("must be a whole number").min(0, "must be 0 or more")
      .default(30),
  ),
  /** How long a single validation waits for its mailbox probe before answering `pending` (0: answer at once). */
  SMTP_PROBE_WAIT_SECONDS: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.coerce.number({ error: "must be a number of seconds" }).min(0, "must be 0 or more")
      .max(30, "must be at most 30 (a request must answer well within the function's time limit)").default(5),
  ),
  /** Zoho CRM's OAuth client (README "Zoho CRM"): both empty means nobody can connect, and the CRM screens say so. */
  ZOHO_CLIENT_ID: z.string().default(""),
  ZOHO_CLIENT_SECRET: z.string().default(""),
  /** Where Zoho sends the browser back after consent; empty means SITE_URL's /api/crm/zoho/callback. */
  ZOHO_REDIRECT_URI: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.url({ protocol: /^https?$/, error: "must be the http(s) URL of /api/crm/zoho/callback" }).optional(),
  ),
  /** Zoho's accounts server of the operator's data centre (devstack and the tests: the local fake). */
  ZOHO_ACCOUNTS_URL: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).default("https://accounts.zoho.com"),
  ),
  /** Zoho CRM's API domain of that data centre. */
  ZOHO_API_URL: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).default("https://www.zohoapis.com"),
  ),
  /** A Self Client's refresh token: connects the admin's own integration without the consent round trip. */
  ZOHO_REFRESH_TOKEN: z.string().default(""),
  /** Web Push's application server keys; all three VAPID settings empty means the product sends no push. */
  VAPID_PUBLIC_KEY: vapidKey(65, "an uncompressed P-256 public key"),
  VAPID_PRIVATE_KEY: vapidKey(32, "a P-256 private key"),
  /** Who push services contact about the product's messages. */
  VAPID_SUBJECT: z.string().default("").refine(
    (subject) => subject === "" || /^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/.test(subject),
    "must be empty, a mailto: address or an https: URL",
  ),
  /** The push services subscriptions may name, comma-separated hosts (*.host for its subdomains) or origins. */
  PUSH_SERVICE_HOSTS: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.string().default(DEFAULT_PUSH_SERVICE_HOSTS.join(",")).transform((value, context) => {
      const parsed = parsePushServiceHosts(value);
      if ("hosts" in parsed) return parsed.hosts;
      context.addIssue({ code: "custom", message: `${parsed.invalid} is neither a host nor an http(s) origin` });
      return z.NEVER;
    }),
  ),
});
export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) throw new Error(`Invalid environment: ${describeAllIssues(parsed.error)}`);
  return parsed.data;
}

let cached: Env | undefined;

/** The parsed environment. Reads only the variables it knows, so the function needs no blanket env permission. */
export function env(): Env {
  cached ??= parseEnv(Object.fromEntries(Object.keys(envSchema.shape).map((name) => [name, Deno.env.get(name)])));
  return cached;
}
