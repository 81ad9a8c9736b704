// How one request (the explorer's GETs, a webhook's POST) leaves the process, once the URL and its host's addresses have been checked (safe-fetcher.ts):
// - direct: a connection to one of the checked addresses and no other. Deno's fetch takes no address, so this uses
//   node:http / node:https with a `lookup` that answers only the checked addresses: the name is never resolved again
//   (a rebinding DNS server gets no second question), while TLS still sends the name (SNI) and verifies the
//   certificate against it, and the Host header carries it.
// - proxy (OUTBOUND_HTTP_PROXY): plain http as an absolute-form request to the proxy (RFC 9112 §3.2.2); https through a
//   CONNECT tunnel (RFC 9110 §9.3.6) with TLS to the name inside it. A proxy that refuses the tunnel (any non-2xx
//   answer to CONNECT) raises ProxyRefusedConnectError, so the caller can try plain http; one that can't be reached
//   at all raises ProxyUnavailableError: that is our failure, not the site's.
// Every direct connection is new (agent: false): a pooled socket would be one whose address was checked for another
// name. A tunnel is opened per request too.
import http from "node:http";
import https from "node:https";
import { isIP, type Socket } from "node:net";
import type { Readable } from "node:stream";
import tls from "node:tls";

export interface OutboundRequest {
  url: URL;
  /** The host's addresses, already checked; a direct connection goes to one of these. */
  addresses: readonly string[];
  headers: Record<string, string>;
  signal: AbortSignal;
  /** GET unless said; a POST sends `body` as it is (the caller names its content-type). */
  method?: "GET" | "POST";
  body?: string;
}

export interface OutboundResponse {
  status: number;
  /** Lower-cased names; set-cookie is the only one node gives as a list. */
  headers: http.IncomingHttpHeaders;
  body: Readable;
}

export interface HttpTransport {
  send(request: OutboundRequest): Promise<OutboundResponse>;
}

export class ProxyRefusedConnectError extends Error {
  override name = "ProxyRefusedConnectError";
  constructor(readonly target: string, readonly status: number) {
    super(`the egress proxy refused a tunnel to ${target} (${status})`);
  }
}

export class ProxyUnavailableError extends Error {
  override name = "ProxyUnavailableError";
}

export interface TransportOptions {
  /** PEM certificates trusted besides the usual roots: tests present their own. */
  trustedCertificates?: string[];
}

export function createDirectTransport(options: TransportOptions = {}): HttpTransport {
  const ca = certificateAuthorities(options);
  return {
    send: ({ url, addresses, headers, signal, method, body }) =>
      exchange(url.protocol === "https:" ? https.request : http.request, {
        host: url.hostname,
        port: portOf(url),
        path: url.pathname + url.search,
        headers: { ...headers, host: url.host },
        signal,
        lookup: pinnedLookup(url.hostname, addresses),
        ca,
        method,
      }, body),
  };
}

export function createProxyTransport(proxy: URL, options: TransportOptions = {}): HttpTransport {
  const ca = certificateAuthorities(options);
  const proxyAt = { host: proxy.hostname.replace(/^\[(.*)\]$/, "$1"), port: Number(proxy.port || 80) };
  const authorization = proxy.username
    ? {
      "proxy-authorization": `Basic ${
        btoa(`${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`)
      }`,
    }
    : undefined;
  const unavailable = (error: unknown) => {
    throw isConnectFailure(error)
      ? new ProxyUnavailableError(`the egress proxy can't be reached: ${describe(error)}`)
      : error;
  };

  return {
    async send({ url, headers, signal, method, body }) {
      if (url.protocol === "http:") {
        return await exchange(http.request, {
          ...proxyAt,
          path: url.href,
          headers: { ...headers, host: url.host, ...authorization },
          signal,
          method,
        }, body).catch(unavailable);
      }
      const target = `${url.hostname}:${portOf(url)}`;
      const tunnel = await openTunnel({ ...proxyAt, target, authorization, signal }).catch(unavailable);
      return await exchange(https.request, {
        host: url.hostname,
        port: portOf(url),
        path: url.pathname + url.search,
        // Without it, node writes the default port into Host when it has no agent (pinned.test:443).
        headers: { ...headers, host: url.host },
        signal,
        createConnection: () => tls.connect({ socket: tunnel, servername: url.hostname, ca }),
        method,
      }, body).catch((error) => {
        tunnel.destroy();
        throw error;
      });
    },
  };
}

type RequestFunction = (
  options: https.RequestOptions,
  callback: (response: http.IncomingMessage) => void,
) => http.ClientRequest;

function exchange(request: RequestFunction, options: https.RequestOptions, body?: string): Promise<OutboundResponse> {
  return new Promise((resolve, reject) => {
    // With agent: false, Deno's node:https ignores createConnection and resolves the name itself, bypassing the
    // tunnel; without an agent it uses the tunnel (a test guards this).
    const fresh = options.createConnection ? {} : { agent: false };
    const outgoing = request({ ...options, method: options.method ?? "GET", ...fresh }, (response) => {
      resolve({ status: response.statusCode ?? 0, headers: response.headers, body: response });
    });
    outgoing.once("error", reject);
    outgoing.end(body);
  });
}

function openTunnel(options: {
  host: string;
  port: number;
  target: string;
  authorization: Record<string, string> | undefined;
  signal: AbortSignal;
}): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const connect = http.request({
      host: options.host,
      port: options.port,
      method: "CONNECT",
      path: options.target,
      headers: { host: options.target, ...options.authorization },
      agent: false,
      signal: options.signal,
    });
    connect.once("connect", (response: http.IncomingMessage, socket: Socket) => {
      const status = response.statusCode ?? 0;
      if (status >= 200 && status < 300) return resolve(socket);
      socket.destroy();
      reject(new ProxyRefusedConnectError(options.target, status));
    });
    connect.once("error", reject);
    connect.end();
  });
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | { address: string; family: number }[],
  family?: number,
) => void;

/** A dns.lookup stand-in that knows one name and answers it with the addresses we checked, never asking DNS. */
function pinnedLookup(hostname: string, addresses: readonly string[]) {
  return (name: string, options: { all?: boolean; family?: number | string }, callback: LookupCallback) => {
    const family = options.family === "IPv4" ? 4 : options.family === "IPv6" ? 6 : Number(options.family ?? 0);
    const usable = addresses
      .map((address) => ({ address, family: isIP(address) }))
      .filter((entry) => family === 0 || entry.family === family);
    if (name !== hostname || usable.length === 0) {
      const error: NodeJS.ErrnoException = new Error(`no checked address for ${name}`);
      error.code = "ENOTFOUND";
      return callback(error, []);
    }
    if (options.all) return callback(null, usable);
    callback(null, usable[0]!.address, usable[0]!.family);
  };
}

function certificateAuthorities(options: TransportOptions): string[] | undefined {
  return options.trustedCertificates ? [...tls.rootCertificates, ...options.trustedCertificates] : undefined;
}

function portOf(url: URL): number {
  return Number(url.port || (url.protocol === "https:" ? 443 : 80));
}

function isConnectFailure(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return ["ECONNREFUSED", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"].includes(code ?? "");
}

export function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
