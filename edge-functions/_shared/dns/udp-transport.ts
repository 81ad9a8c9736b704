// DNS over UDP (RFC 1035 §4.2.1) through node:dgram, which Deno supports without unstable flags (Deno.listenDatagram
// still needs --unstable-net). One socket per question, on a random local port, closed as soon as the answer or the
// timeout arrives. Datagrams from elsewhere, or without our id, are ignored rather than failing the question: an
// off-path attacker or a late answer to an earlier question must not decide the outcome.
import dgram from "node:dgram";
import { isIPv4, isIPv6 } from "node:net";
import { DnsTransportError, type NameServer } from "./transport.ts";

export function exchangeUdp(
  server: NameServer,
  query: Uint8Array,
  options: { timeoutMs: number; isOurs(reply: Uint8Array): boolean },
): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const host = server.host;
    let socket: dgram.Socket;
    try {
      socket = dgram.createSocket(isIPv6(host) ? "udp6" : "udp4");
    } catch (error) {
      // Supabase's edge runtime refuses to open UDP sockets at all (see index.ts).
      reject(new DnsTransportError(`cannot open a UDP socket: ${describe(error)}`));
      return;
    }
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.close();
      outcome();
    };
    const timer = setTimeout(
      () => finish(() => reject(new DnsTransportError(`no answer within ${options.timeoutMs} ms`, { timedOut: true }))),
      options.timeoutMs,
    );
    socket.on("error", (error) => finish(() => reject(new DnsTransportError(describe(error)))));
    socket.on("message", (message: Uint8Array, from: { address: string; port: number }) => {
      if (from.port !== server.port || !sameAddress(from.address, host)) return;
      if (!options.isOurs(message)) return;
      finish(() => resolve(new Uint8Array(message)));
    });
    socket.send(query, server.port, host, (error) => {
      if (error) finish(() => reject(new DnsTransportError(describe(error))));
    });
  });
}

/** A server configured by name answers from one of its addresses, which we cannot check here; an address must match. */
function sameAddress(from: string, configured: string): boolean {
  if (isIPv6(configured)) return isIPv6(from) && canonicalIPv6(from) === canonicalIPv6(configured);
  return !isIPv4(configured) || from === configured;
}

/** "::1" and "0:0:0:0:0:0:0:1" are one address; the URL parser writes every IPv6 address the same way. */
function canonicalIPv6(address: string): string {
  return new URL(`http://[${address.replace(/%.*$/, "")}]`).hostname;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
