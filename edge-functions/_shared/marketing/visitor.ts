// Who a campaign is delivered to and whose events are counted: a signed-in user, else the anonymous session the
// browser keeps. Their address is kept only as its network (/24 for IPv4, /48 for IPv6): enough to tell traffic apart,
// not enough to name a household.
import ipaddr from "ipaddr.js";

export interface Visitor {
  userId: string | null;
  sessionId: string | null;
  /** The client's network, already truncated; null when the address is unknown. */
  network: string | null;
  userAgent: string | null;
}

/** The address with its host part zeroed: a.b.c.0 for IPv4, the first 48 bits for IPv6. */
export function truncatedNetwork(address: string | null): string | null {
  if (address === null || !ipaddr.isValid(address)) return null;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") {
    const octets = (parsed as ipaddr.IPv4).octets;
    return new ipaddr.IPv4([octets[0]!, octets[1]!, octets[2]!, 0]).toString();
  }
  const parts = (parsed as ipaddr.IPv6).parts;
  return new ipaddr.IPv6([parts[0]!, parts[1]!, parts[2]!, 0, 0, 0, 0, 0]).toString();
}

/** Who is counted by the per-visitor limits: the user, else the session, else the network. */
export function visitorSubject(visitor: Visitor): string | null {
  if (visitor.userId) return `user:${visitor.userId}`;
  if (visitor.sessionId) return `session:${visitor.sessionId}`;
  return visitor.network ? `network:${visitor.network}` : null;
}
