// The probe worker's settings, parsed once at its start so a misconfigured host fails naming the variable. The worker
// is its own process on a host that allows port 25, not an Edge Function: it reads only what it needs, not the
// functions' whole environment (_shared/env.ts), so a worker host carries no payment or sealing keys.
import { z } from "zod";
import { describeAllIssues } from "../zod-issues.ts";
import type { ProbeSettings } from "./probe.ts";

/** An empty variable is an unset one, as in .env.example. */
const unsetWhenEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" ? undefined : value), schema);

const wholeNumber = (min: number, max: number, fallback: number) =>
  unsetWhenEmpty(
    z.coerce.number({ error: "must be a whole number" })
      .int("must be a whole number")
      .min(min, `must be at least ${min}`)
      .max(max, `must be at most ${max}`)
      .default(fallback),
  );

// A host name as EHLO takes it (RFC 5321's Domain): letters, digits and hyphens in dot-separated labels.
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const HOST_PORT = /^[^\s:]+:(\d{1,5})$/;

export const probeWorkerEnvSchema = z.object({
  /** The privileged connection: a session (not transaction) pooler or direct URL, since the worker LISTENs. */
  SUPABASE_DB_URL: z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgresql:// URL" }),
  /** As the functions take it: host:port[,...] or https:// DoH URLs; empty uses the system's resolvers. */
  DNS_SERVERS: z.string().default(""),
  /** The name the worker gives in EHLO; a mail server trusts it more when it matches the host's reverse DNS. */
  SMTP_PROBE_HELO: z.string({ error: "is required (the host name to give in EHLO)" })
    .regex(HOST_NAME, "must be a host name such as probe.example.com"),
  /** The sender in MAIL FROM: an address of ours, never the checked one. */
  SMTP_PROBE_MAIL_FROM: z.email({ error: "is required and must be an email address we control" }),
  /** host:port every conversation goes to after the MX host's address was checked; tests only. */
  SMTP_PROBE_TARGET: unsetWhenEmpty(
    z.string().regex(HOST_PORT, "must be host:port").refine(
      // zod runs this after a failed regex too, so a target without a port is left to the regex's message.
      (target) => Number(HOST_PORT.exec(target)?.[1] ?? 0) <= 65_535,
      "must name a port up to 65535",
    ).optional(),
  ),
  /** A PEM file of CA certificates trusted besides the usual roots for STARTTLS (the tests' fixture server). */
  SMTP_PROBE_CA_FILE: unsetWhenEmpty(z.string().optional()),
  /** The whole conversation with one domain's MX hosts, however many addresses it asks about. */
  SMTP_PROBE_TIMEOUT_SECONDS: wholeNumber(2, 300, 20),
  /** How many domains one worker probes at the same time: a conversation is nearly all waiting on the server, so one
   * worker can hold more of them than the MX hosts' politeness allows for twenty domains (2 each). */
  PROBE_WORKER_DOMAINS_AT_ONCE: wholeNumber(1, 200, 50),
});

export interface ProbeWorkerSettings {
  dbUrl: string;
  dnsServers: string;
  helo: string;
  mailFrom: string;
  target: string | undefined;
  caFile: string | undefined;
  probeTimeoutMs: number;
  /** One SMTP step (a reply awaited): a server that stalls on one answer ends the conversation well within the probe. */
  stepTimeoutMs: number;
  domainsAtOnce: number;
}

/** Longest wait for one reply; RFC 5321 allows minutes, but a probe that waits that long helps nobody. */
const STEP_TIMEOUT_MS = 10_000;

export function parseProbeWorkerSettings(source: Record<string, string | undefined>): ProbeWorkerSettings {
  const parsed = probeWorkerEnvSchema.safeParse(source);
  if (!parsed.success) throw new Error(`Invalid probe worker settings: ${describeAllIssues(parsed.error)}`);
  const env = parsed.data;
  const probeTimeoutMs = env.SMTP_PROBE_TIMEOUT_SECONDS * 1000;
  return {
    dbUrl: env.SUPABASE_DB_URL,
    dnsServers: env.DNS_SERVERS,
    helo: env.SMTP_PROBE_HELO,
    mailFrom: env.SMTP_PROBE_MAIL_FROM,
    target: env.SMTP_PROBE_TARGET,
    caFile: env.SMTP_PROBE_CA_FILE,
    probeTimeoutMs,
    stepTimeoutMs: Math.min(STEP_TIMEOUT_MS, probeTimeoutMs / 2),
    domainsAtOnce: env.PROBE_WORKER_DOMAINS_AT_ONCE,
  };
}

/** The settings from the process's environment, reading only the variables the worker knows. */
export function probeWorkerSettingsFromEnv(): ProbeWorkerSettings {
  return parseProbeWorkerSettings(
    Object.fromEntries(Object.keys(probeWorkerEnvSchema.shape).map((name) => [name, Deno.env.get(name)])),
  );
}

/** Made-up addresses asked about per conversation: two refusals make a domain's "yes" worth believing, and the
 * domain's record adds every conversation's samples to the confidence. */
const CATCH_ALL_SAMPLES = 2;

/** What one conversation needs from the settings; `caCerts` are the PEMs of SMTP_PROBE_CA_FILE, read by the runner. */
export function probeSettingsOf(settings: ProbeWorkerSettings, caCerts: string[] | undefined): ProbeSettings {
  return {
    helo: settings.helo,
    mailFrom: settings.mailFrom,
    target: settings.target,
    caCerts,
    stepTimeoutMs: settings.stepTimeoutMs,
    probeTimeoutMs: settings.probeTimeoutMs,
    catchAllSamples: CATCH_ALL_SAMPLES,
  };
}
