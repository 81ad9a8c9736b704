// Where questions go: a name server spoken to over UDP (TCP when an answer is truncated), or a DNS-over-HTTPS
// endpoint (RFC 8484). Both come from DNS_SERVERS, or from the system's configuration (servers.ts).

export interface NameServer {
  host: string;
  port: number;
}

export type DnsServer =
  | ({ transport: "udp" } & NameServer)
  | { transport: "doh"; url: URL };

export function describeServer(server: DnsServer): string {
  if (server.transport === "doh") return server.url.href;
  return server.host.includes(":") ? `[${server.host}]:${server.port}` : `${server.host}:${server.port}`;
}

/** The server could not be asked, or did not answer in time: another server, or another try, may do better. */
export class DnsTransportError extends Error {
  override name = "DnsTransportError";
  readonly timedOut: boolean;

  constructor(message: string, options: { timedOut?: boolean } = {}) {
    super(message);
    this.timedOut = options.timedOut ?? false;
  }
}
