// The explorer's only way out to the web (site pages, robots.txt, sitemaps, RDAP). The input of a request comes from
// anonymous visitors, so every hop is checked before anything is sent:
// - the URL: http or https, ports 80 and 443 only, no credentials, a name and not an IP literal;
// - the name's A and AAAA answers (through DNS_SERVERS): refused if any is outside public space (address-policy.ts);
// - the connection goes to the addresses checked, or to the egress proxy (transport.ts);
// - redirects are followed by hand, at most 5, each target checked as above and kept to the first host and its
//   www/apex twin. A redirect into private space fails the request (refused_private); one that leaves the site or
//   breaks the URL rules is not followed, and the redirect itself is the answer.
// Each hop has a timeout; bodies are read as they stream, decompressed, and cut at maxBytes (truncated: true).
import { Buffer } from "node:buffer";
import { isIP } from "node:net";
import { pipeline, type Readable } from "node:stream";
import zlib from "node:zlib";
import { z } from "zod";
import { type DnsClient, checkAddress } from "../../dns/index.ts";
import { dnsClientFromSetting } from "./dns-setting.ts";
import { resolveHost } from "./resolve-host.ts";
import {
  createDirectTransport,
  createProxyTransport,
  describe,
  type HttpTransport,
  type OutboundResponse,
  ProxyRefusedConnectError,
  ProxyUnavailableError,
} from "./transport.ts";

export const USER_AGENT = "Mozilla/5.0 (compatible; MailScoutBot/1.0)";
export const MAX_REDIRECTS = 5;
export const DEFAULT_REQUEST_TIMEOUT_MS = 8_000;
export const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;

export type EgressFailure =
  /** The host, or a redirect target, resolves into private space (or is a private IP literal). */
  | "refused_private"
  /** Not an http(s) URL on port 80/443 with a host name. */
  | "refused_url"
  /** NXDOMAIN, no address records, or no usable DNS answer. */
  | "dns_failure"
  /** The site could not be connected to, or broke off: refused, reset, TLS failure. */
  | "unreachable"
  /** The hop took longer than the request timeout. */
  | "timeout"
  /** The caller's signal ended the request (the crawl's time budget). */
  | "aborted"
  | "too_many_redirects"
  /** The egress proxy itself can't be reached: our failure, not the site's. */
  | "egress_unavailable";

export class EgressError extends Error {
  override name = "EgressError";
  constructor(readonly reason: EgressFailure, readonly url: string, detail: string) {
    super(`${reason}: ${url}: ${detail}`);
  }
}

export interface SafeResponse {
  /** The URL that answered, after redirects (and after an https → http fallback through the proxy). */
  url: string;
  status: number;
  /** Lower-cased names; repeated headers joined with ", "; set-cookie is in cookies. */
  headers: Record<string, string>;
  cookies: string[];
  /** The body decoded with its charset (UTF-8 when none is named), up to maxBytes. */
  text: string;
  truncated: boolean;
  /** Every URL that redirected on the way, in order. */
  redirectedFrom: string[];
}

export interface SafeFetchOptions {
  signal?: AbortSignal;
  /** The Accept header; HTML by default. */
  accept?: string;
}

export interface SafeFetcher {
  /** A GET for `url`; throws EgressError when it is refused or no answer comes. */
  fetch(url: string | URL, options?: SafeFetchOptions): Promise<SafeResponse>;
}

/** OUTBOUND_HTTP_PROXY: empty for direct connections, else the proxy's http:// URL (an https:// proxy is not spoken). */
export const proxySettingSchema = z.union([
  z.literal(""),
  z.url({ protocol: /^http$/, error: "OUTBOUND_HTTP_PROXY must be an http://host:port URL" }),
]);

export interface SafeFetcherSettings {
  /** The DNS_SERVERS setting: how host names are resolved (empty or absent: the system's resolvers). */
  dnsServers?: string;
  /** Replaces the client dnsServers would build: tests give answers that change between questions. */
  dnsClient?: DnsClient;
  /** The OUTBOUND_HTTP_PROXY setting: http://host:port; empty or absent connects directly to checked addresses. */
  proxy?: string;
  /** Replaces the transport the proxy setting picks: tests record what would leave. */
  transport?: HttpTransport;
  userAgent?: string;
  /** Per hop: connecting, the answer's headers and its body. */
  timeoutMs?: number;
  maxBytes?: number;
}

export function createSafeFetcher(settings: SafeFetcherSettings): SafeFetcher {
  const proxy = proxySettingSchema.parse(settings.proxy ?? "");
  const context: FetchContext = {
    dns: settings.dnsClient ?? dnsClientFromSetting(settings.dnsServers),
    transport: settings.transport ?? (proxy ? createProxyTransport(new URL(proxy)) : createDirectTransport()),
    userAgent: settings.userAgent ?? USER_AGENT,
    timeoutMs: settings.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    maxBytes: settings.maxBytes ?? DEFAULT_MAX_BYTES,
  };
  return { fetch: (url, options = {}) => fetchFollowingRedirects(context, String(url), options) };
}

interface FetchContext {
  dns: DnsClient;
  transport: HttpTransport;
  userAgent: string;
  timeoutMs: number;
  maxBytes: number;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const ALLOWED_PORTS: Record<string, string> = { "http:": "80", "https:": "443" };

async function fetchFollowingRedirects(context: FetchContext, input: string, options: SafeFetchOptions) {
  let url = startingUrl(input);
  const scope = twins(url.hostname);
  const redirectedFrom: string[] = [];
  for (let hop = 0;; hop++) {
    const addresses = await checkedAddresses(context.dns, url, options.signal);
    const answer = await withHopTimeout(context, url, options.signal, async (signal) => {
      const { response, url: answeredUrl } = await send(context, url, addresses, signal, options.accept);
      const location = REDIRECT_STATUSES.has(response.status) ? response.headers.location : undefined;
      if (location === undefined) {
        return { kind: "final" as const, response, url: answeredUrl, body: await readBody(response, context, signal) };
      }
      response.body.destroy();
      return { kind: "redirect" as const, response, url: answeredUrl, location };
    });
    if (answer.kind === "final") return toSafeResponse(answer.url, answer.response, answer.body, redirectedFrom);
    const next = URL.canParse(answer.location, answer.url) ? new URL(answer.location, answer.url) : undefined;
    const unfollowed = () =>
      toSafeResponse(answer.url, answer.response, { text: "", truncated: false }, redirectedFrom);
    if (!next) return unfollowed();
    next.hash = "";
    if (hop === MAX_REDIRECTS) {
      throw new EgressError("too_many_redirects", input, `more than ${MAX_REDIRECTS} redirects`);
    }
    const shape = urlProblem(next);
    if (shape === "private") throw new EgressError("refused_private", next.href, "redirect to a private address");
    if (shape) return unfollowed();
    if (!scope.has(next.hostname)) {
      // Not followed either way, but a redirect aimed into private space says what the site is for.
      const resolution = await untilAborted(resolveHost(context.dns, next.hostname), next, options.signal);
      if (resolution.kind === "private") {
        throw new EgressError("refused_private", next.href, `redirect to ${resolution.address} (${resolution.range})`);
      }
      return unfollowed();
    }
    redirectedFrom.push(answer.url);
    url = next;
  }
}

function startingUrl(input: string): URL {
  const url = URL.canParse(input) ? new URL(input) : undefined;
  if (!url) throw new EgressError("refused_url", input, "not a URL");
  url.hash = "";
  const problem = urlProblem(url);
  if (problem === "private") throw new EgressError("refused_private", url.href, "a private IP address");
  if (problem) throw new EgressError("refused_url", url.href, problem);
  return url;
}

/** Why a URL may not be fetched ("private" for an IP literal in private space), or null when it may. */
function urlProblem(url: URL): string | null {
  if (!(url.protocol in ALLOWED_PORTS)) return `scheme ${url.protocol} is not http or https`;
  if (url.port !== "" && url.port !== ALLOWED_PORTS[url.protocol]) return `port ${url.port} is not 80 or 443`;
  if (url.username || url.password) return "credentials in the URL";
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (isIP(host) !== 0) return checkAddress(host).allowed ? "an IP address, not a host name" : "private";
  if (!host.includes(".")) return "a host name without a dot";
  return null;
}

/** A host and its www/apex twin: acme.com ↔ www.acme.com. */
function twins(host: string): Set<string> {
  return new Set([host, host.startsWith("www.") ? host.slice(4) : `www.${host}`]);
}

async function checkedAddresses(dns: DnsClient, url: URL, signal: AbortSignal | undefined): Promise<string[]> {
  const resolution = await untilAborted(resolveHost(dns, url.hostname), url, signal);
  switch (resolution.kind) {
    case "public":
      return resolution.addresses;
    case "private":
      throw new EgressError("refused_private", url.href, `${resolution.address} is ${resolution.range}`);
    case "not_found":
    case "dns_error":
      throw new EgressError("dns_failure", url.href, resolution.detail);
  }
}

/** A lookup the caller stops waiting for when its signal fires (the DNS client's own timeouts end the query). */
function untilAborted<T>(lookup: Promise<T>, url: URL, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return lookup;
  const aborted = () => new EgressError("aborted", url.href, "stopped by the caller");
  if (signal.aborted) return Promise.reject(aborted());
  return new Promise((resolve, reject) => {
    const stop = () => reject(aborted());
    signal.addEventListener("abort", stop, { once: true });
    lookup.then(resolve, reject).finally(() => signal.removeEventListener("abort", stop));
  });
}

/** Sends one GET; through a proxy that refuses the https tunnel, the same URL is asked over plain http. */
async function send(
  context: FetchContext,
  url: URL,
  addresses: string[],
  signal: AbortSignal,
  accept = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5",
): Promise<{ response: OutboundResponse; url: string }> {
  const headers = {
    "user-agent": context.userAgent,
    accept,
    "accept-encoding": "gzip, deflate",
    "accept-language": "en;q=1, *;q=0.5",
  };
  try {
    return { response: await context.transport.send({ url, addresses, headers, signal }), url: url.href };
  } catch (error) {
    if (!(error instanceof ProxyRefusedConnectError)) throw error;
    const plain = new URL(url);
    plain.protocol = "http:";
    plain.port = "";
    return { response: await context.transport.send({ url: plain, addresses, headers, signal }), url: plain.href };
  }
}

/** Runs one hop under the request timeout and the caller's signal, and names its failure. */
async function withHopTimeout<T>(
  context: FetchContext,
  url: URL,
  outer: AbortSignal | undefined,
  hop: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException("request timeout", "TimeoutError")),
    context.timeoutMs,
  );
  const forward = () => controller.abort(outer?.reason);
  if (outer?.aborted) forward();
  outer?.addEventListener("abort", forward, { once: true });
  try {
    return await hop(controller.signal);
  } catch (error) {
    if (error instanceof EgressError) throw error;
    if (outer?.aborted) throw new EgressError("aborted", url.href, "stopped by the caller");
    if (controller.signal.aborted) {
      throw new EgressError("timeout", url.href, `no complete answer within ${context.timeoutMs} ms`);
    }
    if (error instanceof ProxyUnavailableError) throw new EgressError("egress_unavailable", url.href, error.message);
    throw new EgressError("unreachable", url.href, describe(error));
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener("abort", forward);
  }
}

const DECOMPRESSORS: Record<string, () => zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress> = {
  gzip: () => zlib.createGunzip(),
  "x-gzip": () => zlib.createGunzip(),
  deflate: () => zlib.createInflate(),
  br: () => zlib.createBrotliDecompress(),
};

/** The body as it streams, decompressed, stopped at maxBytes of content (so a compressed bomb stops there too). */
async function readBody(
  response: OutboundResponse,
  context: FetchContext,
  signal: AbortSignal,
): Promise<{ text: string; truncated: boolean }> {
  const encoding = (headerValue(response.headers["content-encoding"]) ?? "identity").trim().toLowerCase();
  const decompressor = DECOMPRESSORS[encoding];
  if (!decompressor && encoding !== "identity" && encoding !== "") {
    response.body.destroy();
    throw new Error(`unsupported content-encoding ${encoding}`);
  }
  const source: Readable = decompressor ? pipeline(response.body, decompressor(), () => {}) : response.body;
  const stop = () => source.destroy(signal.reason);
  signal.addEventListener("abort", stop, { once: true });
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      const room = context.maxBytes - size;
      if (chunk.length > room) {
        chunks.push(chunk.subarray(0, room));
        size += room;
        truncated = true;
        break;
      }
      chunks.push(chunk);
      size += chunk.length;
    }
  } finally {
    signal.removeEventListener("abort", stop);
    source.destroy();
    response.body.destroy();
  }
  const bytes = Buffer.concat(chunks, size);
  return { text: decodeText(bytes, headerValue(response.headers["content-type"])), truncated };
}

/** The charset from Content-Type, else from an HTML meta tag in the first 1024 bytes, else UTF-8. */
function decodeText(bytes: Uint8Array, contentType: string | undefined): string {
  const declared = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? "")?.[1] ??
    /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(new TextDecoder("latin1").decode(bytes.subarray(0, 1024)))?.[1];
  try {
    return new TextDecoder(declared ?? "utf-8").decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(", ") : value;
}

function toSafeResponse(
  url: string,
  response: OutboundResponse,
  body: { text: string; truncated: boolean },
  redirectedFrom: string[],
): SafeResponse {
  const headers: Record<string, string> = {};
  let cookies: string[] = [];
  for (const [name, value] of Object.entries(response.headers)) {
    if (value === undefined) continue;
    if (name === "set-cookie") cookies = Array.isArray(value) ? value : [value];
    else headers[name] = headerValue(value)!;
  }
  return { url, status: response.status, headers, cookies, text: body.text, truncated: body.truncated, redirectedFrom };
}
