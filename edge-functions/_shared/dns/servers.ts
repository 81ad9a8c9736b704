// Which DNS servers to ask: DNS_SERVERS when set, else the system's resolvers, else public DNS-over-HTTPS.
//
// DNS_SERVERS is a comma-separated list. Each entry is `host:port` (`[v6]:port` for IPv6; the port defaults to 53),
// asked over UDP with TCP for truncated answers, or an `https://` URL, asked over DNS-over-HTTPS. Plain `http://` is
// accepted for loopback addresses only, so a local DoH server can be used in development.
import dgram from "node:dgram";
import { isIP } from "node:net";
import { z } from "zod";
import type { DnsServer } from "./transport.ts";

/** Used where the system's resolvers can't be (Supabase's edge runtime): two providers, so one outage isn't ours. */
export const DEFAULT_DOH_SERVERS: readonly DnsServer[] = [
  { transport: "doh", url: new URL("https://cloudflare-dns.com/dns-query") },
  { transport: "doh", url: new URL("https://dns.google/dns-query") },
];

const DNS_PORT = 53;
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);
const LABEL = "[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?";
const hostnameSchema = z.string().max(253).regex(new RegExp(`^${LABEL}(?:\\.${LABEL})*\\.?$`, "i"));
const portSchema = z.coerce.number().int().min(1).max(65_535);

/** Parses DNS_SERVERS; an empty or missing value gives no servers. Throws with the offending entry otherwise. */
export function parseDnsServers(setting: string | undefined): DnsServer[] {
  return (setting ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "")
    .map((entry) => {
      const server = parseEntry(entry);
      if (typeof server === "string") throw new Error(`Invalid DNS_SERVERS entry "${entry}": ${server}`);
      return server;
    });
}

function parseEntry(entry: string): DnsServer | string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(entry)) {
    const url = URL.canParse(entry) ? new URL(entry) : undefined;
    if (!url) return "not a URL";
    if (url.protocol === "https:") return { transport: "doh", url };
    if (url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname)) return { transport: "doh", url };
    return "DNS-over-HTTPS needs an https:// URL (http:// only for a loopback address)";
  }
  const bracketed = /^\[([^\]]+)\](?::(.*))?$/.exec(entry);
  const [host, port] = bracketed ? [bracketed[1]!, bracketed[2]] : isIP(entry) === 6
    ? [entry, undefined] // a bare IPv6 address: its colons are not a port
    : [entry.split(":")[0]!, entry.includes(":") ? entry.slice(entry.indexOf(":") + 1) : undefined];
  if (bracketed && isIP(host) !== 6) return "only an IPv6 address goes in brackets";
  if (!isIP(host) && !hostnameSchema.safeParse(host).success) return "not a host name or IP address";
  const parsedPort = port === undefined ? { success: true as const, data: DNS_PORT } : portSchema.safeParse(port);
  if (!parsedPort.success) return "the port must be a number from 1 to 65535";
  return { transport: "udp", host, port: parsedPort.data };
}

/** The `nameserver` lines of a resolv.conf(5), each asked on port 53. */
export function parseResolvConf(text: string): DnsServer[] {
  return text
    .split("\n")
    .map((line) => /^\s*nameserver\s+(\S+)/.exec(line)?.[1])
    .filter((address): address is string => address !== undefined && isIP(address.replace(/%.*$/, "")) !== 0)
    .map((host) => ({ transport: "udp", host, port: DNS_PORT }));
}

export interface SystemDnsProbe {
  readResolvConf(): Promise<string>;
  canOpenUdpSocket(): Promise<boolean>;
}

const realSystem: SystemDnsProbe = {
  readResolvConf: () => Deno.readTextFile("/etc/resolv.conf"),
  canOpenUdpSocket,
};

/**
 * The system's resolvers when this runtime lets us use them: /etc/resolv.conf is readable, names a server, and a UDP
 * socket can be opened. Supabase's edge runtime fails the last test (it refuses UDP sockets) and may fail the first,
 * so there the public DoH servers are used instead.
 */
export async function systemDnsServers(system: SystemDnsProbe = realSystem): Promise<DnsServer[]> {
  let servers: DnsServer[];
  try {
    servers = parseResolvConf(await system.readResolvConf());
  } catch {
    return [...DEFAULT_DOH_SERVERS];
  }
  if (servers.length === 0 || !(await system.canOpenUdpSocket())) return [...DEFAULT_DOH_SERVERS];
  return servers;
}

function canOpenUdpSocket(): Promise<boolean> {
  return new Promise((resolve) => {
    try {
      const socket = dgram.createSocket("udp4");
      socket.once("error", () => {
        try {
          socket.close();
        } catch {
          // Never bound, so nothing to close.
        }
        resolve(false);
      });
      socket.bind(0, () => {
        socket.close();
        resolve(true);
      });
    } catch {
      resolve(false);
    }
  });
}
