// A domain's registration facts (registrar, creation and expiration dates) from RDAP (RFC 9082/9083), WHOIS's JSON
// successor, asked through the explorer's SafeFetcher like every other outbound request.
//
// Which server answers for a TLD is IANA's RDAP bootstrap registry for DNS (RFC 9224),
// https://data.iana.org/rdap/dns.json. It changes as registries start RDAP service, so it is read from IANA once per
// function instance and kept for a day (through OUTBOUND_HTTP_PROXY when set: tests serve their own registry, naming a
// fixture server for .test). When IANA can't be read, the copy shipped next to this file answers, and IANA is asked
// again an hour later. That copy is refreshed with rdap-bootstrap-refresh.ts (see there).
//
// RDAP is best effort: no server for the TLD, a 404, a slow or broken server, or an answer without the facts gives
// nulls, never a failed exploration.
import { getDomain } from "tldts";
import { z } from "zod";
import { describeAllIssues } from "../zod-issues.ts";
import type { SafeFetcher } from "./net/index.ts";
import shippedBootstrap from "./rdap-bootstrap.json" with { type: "json" };

export const IANA_BOOTSTRAP_URL = "https://data.iana.org/rdap/dns.json";
/** RFC 9224 §8 asks clients to cache the registry; IANA updates it a few times a month. */
export const BOOTSTRAP_TTL_MS = 24 * 60 * 60 * 1000;
/** After IANA could not be read, the shipped copy answers this long before IANA is asked again. */
export const BOOTSTRAP_RETRY_MS = 60 * 60 * 1000;

const RDAP_ACCEPT = "application/rdap+json, application/json;q=0.9";

export const rdapBootstrapSchema = z.object({
  description: z.string().optional(),
  publication: z.string().optional(),
  /** [[labels], [base URLs]]: the servers answering for the domains under those labels (TLDs in practice). */
  services: z.array(z.tuple([z.array(z.string()), z.array(z.url({ protocol: /^https?$/ }))])),
  version: z.string(),
});
export type RdapBootstrap = z.infer<typeof rdapBootstrapSchema>;

export interface Registration {
  registrar: string | null;
  /** ISO 8601 (UTC) */
  creationDate: string | null;
  /** ISO 8601 (UTC) */
  expirationDate: string | null;
}

export const UNKNOWN_REGISTRATION: Registration = { registrar: null, creationDate: null, expirationDate: null };

export interface RdapClient {
  /** The registration of the domain `domain` belongs to (mail.acme.com → acme.com); nulls when RDAP can't tell. */
  registrationOf(domain: string, signal?: AbortSignal): Promise<Registration>;
}

export interface RdapClientOptions {
  fetcher: SafeFetcher;
  /** The registry used while IANA's can't be read: the shipped copy unless a test gives its own. */
  fallbackBootstrap?: RdapBootstrap;
  now?: () => number;
  /** Where a failure to read IANA's registry is reported (console.warn by default). */
  warn?: (message: string) => void;
}

type ServerMap = ReadonlyMap<string, URL>;

export function createRdapClient(options: RdapClientOptions): RdapClient {
  const now = options.now ?? Date.now;
  const warn = options.warn ?? console.warn;
  const fallback = serverMap(options.fallbackBootstrap ?? rdapBootstrapSchema.parse(shippedBootstrap));
  let cached: { servers: ServerMap; expiresAt: number } | undefined;
  let loading: Promise<ServerMap> | undefined;

  // One read of IANA's registry at a time, shared by every exploration waiting for it. It runs without the caller's
  // signal, so one exploration running out of time doesn't fail the others' read (the hop timeout bounds it).
  const bootstrap = (): Promise<ServerMap> => {
    if (cached && cached.expiresAt > now()) return Promise.resolve(cached.servers);
    loading ??= readIanaBootstrap(options.fetcher)
      .then((servers) => (cached = { servers, expiresAt: now() + BOOTSTRAP_TTL_MS }).servers)
      .catch((error: unknown) => {
        warn(`RDAP: IANA's bootstrap registry could not be read (${describe(error)}); using the shipped copy`);
        return (cached = { servers: fallback, expiresAt: now() + BOOTSTRAP_RETRY_MS }).servers;
      })
      .finally(() => (loading = undefined));
    return loading;
  };

  return {
    async registrationOf(domain, signal) {
      if (signal?.aborted) return UNKNOWN_REGISTRATION;
      const registered = getDomain(domain) ?? domain;
      try {
        const server = serverFor(await untilAborted(bootstrap(), signal), registered);
        if (!server) return UNKNOWN_REGISTRATION;
        const response = await options.fetcher.fetch(new URL(`domain/${registered}`, server), {
          signal,
          accept: RDAP_ACCEPT,
        });
        if (response.status !== 200 || response.truncated) return UNKNOWN_REGISTRATION;
        return registrationFrom(JSON.parse(response.text));
      } catch {
        // Refused, unreachable, timed out, aborted or not JSON: the exploration goes on without the facts.
        return UNKNOWN_REGISTRATION;
      }
    },
  };
}

async function readIanaBootstrap(fetcher: SafeFetcher): Promise<ServerMap> {
  const response = await fetcher.fetch(IANA_BOOTSTRAP_URL, { accept: "application/json" });
  if (response.status !== 200) throw new Error(`${response.url} answered ${response.status}`);
  if (response.truncated) throw new Error(`${response.url} is larger than the fetcher reads`);
  return serverMap(rdapBootstrapSchema.parse(JSON.parse(response.text)));
}

/** Label (lower-case) → the server's base URL, https preferred where a service lists both (RFC 9224 §4). */
export function serverMap(bootstrap: RdapBootstrap): ServerMap {
  const servers = new Map<string, URL>();
  for (const [labels, urls] of bootstrap.services) {
    const chosen = urls.find((url) => url.startsWith("https:")) ?? urls[0];
    if (!chosen) continue;
    const base = new URL(chosen.endsWith("/") ? chosen : `${chosen}/`);
    for (const label of labels) servers.set(label.toLowerCase(), base);
  }
  return servers;
}

/** The longest entry the domain ends with (RFC 9224 §4): acme.co.uk tries acme.co.uk, co.uk, then uk. */
export function serverFor(servers: ServerMap, domain: string): URL | undefined {
  const labels = domain.toLowerCase().split(".");
  for (let start = 0; start < labels.length; start++) {
    const server = servers.get(labels.slice(start).join("."));
    if (server) return server;
  }
  return undefined;
}

const vcardPropertySchema = z.tuple([z.string(), z.unknown(), z.string(), z.unknown()]).rest(z.unknown());

const rdapEntitySchema = z.object({
  roles: z.array(z.string()).catch([]),
  // ["vcard", [[name, params, type, value], ...]] (jCard, RFC 7095)
  vcardArray: z.tuple([z.literal("vcard"), z.array(z.unknown())]).optional().catch(undefined),
});

const rdapDomainSchema = z.object({
  events: z.array(z.object({ eventAction: z.string(), eventDate: z.string() }).nullable().catch(null)).catch([]),
  entities: z.array(rdapEntitySchema.nullable().catch(null)).catch([]),
});

/** The facts of an RDAP domain object (RFC 9083 §5.3): the registrar entity's name and the registration events. */
export function registrationFrom(answer: unknown): Registration {
  const parsed = rdapDomainSchema.safeParse(answer);
  if (!parsed.success) return UNKNOWN_REGISTRATION;
  const { events, entities } = parsed.data;
  const eventDate = (action: string) => isoDate(events.find((event) => event?.eventAction === action)?.eventDate);
  const registrar = entities.find((entity) => entity?.roles.includes("registrar"));
  return {
    registrar: registrar?.vcardArray ? formattedName(registrar.vcardArray[1]) : null,
    creationDate: eventDate("registration"),
    expirationDate: eventDate("expiration"),
  };
}

function formattedName(properties: unknown[]): string | null {
  for (const property of properties) {
    const parsed = vcardPropertySchema.safeParse(property);
    if (!parsed.success || parsed.data[0] !== "fn") continue;
    const value = parsed.data[3];
    if (typeof value === "string" && value.trim()) return value.trim();
  }
  return null;
}

// RFC 9083 §4.5 dates are RFC 3339; some registries leave out the zone (read as UTC) or the time.
const RFC3339_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

function isoDate(value: string | undefined): string | null {
  const match = value === undefined ? null : RFC3339_DATE.exec(value.trim());
  if (!match) return null;
  const text = value!.trim().replace(" ", "T");
  const time = Date.parse(text.includes("T") && !match[1] ? `${text}Z` : text);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** The promise, or a rejection as soon as the signal aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener("abort", abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

function describe(error: unknown): string {
  if (error instanceof z.ZodError) return describeAllIssues(error);
  return error instanceof Error ? error.message : String(error);
}
