// Which IP addresses the explorer may connect to: public unicast only. Anything a visitor could use to make our server
// reach inside a network (loopback, private, link-local with the cloud metadata address 169.254.169.254, CGNAT,
// multicast, broadcast, reserved, unspecified) is refused, and so is an IPv6 address that carries such an IPv4 address
// inside it (IPv4-mapped ::ffff:a.b.c.d, IPv4-translated ::ffff:0:a.b.c.d, NAT64 64:ff9b::a.b.c.d, 6to4 2002:AABB:CCDD::).
//
// The ranges come from ipaddr.js (maintained, IANA's special-purpose registries). Three things are decided here:
// - The documentation ranges (TEST-NET-1/2/3, 192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24, and 2001:db8::/32) count
//   as public. The fixture zones give every fixture web site such an address, so the explorer has to accept them to
//   be tested at all; and accepting them opens nothing, since they are routed nowhere (RFC 5737, RFC 3849): a request
//   to one goes through the egress proxy in tests and times out on the internet.
// - IPv4-compatible addresses (::a.b.c.d, deprecated by RFC 4291) are refused whatever they carry: ipaddr.js calls
//   ::7f00:1 "unicast" and parses "::127.0.0.1" as IPv4-mapped, so they are recognised here by their 96 zero bits.
// - Teredo (2001::/32) hides its IPv4 addresses behind an XOR and the local-use NAT64 prefix (64:ff9b:1::/48) can
//   translate into any network: both are refused rather than decoded.
import ipaddr from "ipaddr.js";

export type AddressVerdict =
  | { allowed: true }
  | { allowed: false; range: string };

const DOCUMENTATION_V4 = [
  ipaddr.parseCIDR("192.0.2.0/24"),
  ipaddr.parseCIDR("198.51.100.0/24"),
  ipaddr.parseCIDR("203.0.113.0/24"),
] as [ipaddr.IPv4, number][];
const DOCUMENTATION_V6 = ipaddr.parseCIDR("2001:db8::/32") as [ipaddr.IPv6, number];
const NAT64_WELL_KNOWN = ipaddr.parseCIDR("64:ff9b::/96") as [ipaddr.IPv6, number];

/** Whether the explorer may connect to `address` (an IPv4 or IPv6 address as DNS or a URL gives it). */
export function checkAddress(address: string): AddressVerdict {
  const text = address.replace(/^\[(.*)\]$/, "$1");
  if (!ipaddr.isValid(text)) return { allowed: false, range: "not an IP address" };
  const parsed = ipaddr.parse(text);
  return parsed.kind() === "ipv4" ? checkV4(parsed as ipaddr.IPv4) : checkV6(parsed as ipaddr.IPv6);
}

function checkV4(address: ipaddr.IPv4): AddressVerdict {
  if (DOCUMENTATION_V4.some((cidr) => address.match(cidr))) return { allowed: true };
  const range = address.range();
  return range === "unicast" ? { allowed: true } : { allowed: false, range };
}

function checkV6(address: ipaddr.IPv6): AddressVerdict {
  // A zone index (fe80::1%eth0) names a local interface: whatever the address, it is not on the internet.
  if (address.zoneId) return { allowed: false, range: "scoped (zone index)" };
  const parts = address.parts;
  if (parts.slice(0, 6).every((part) => part === 0)) {
    // ::/96 holds the unspecified address, loopback and the IPv4-compatible form.
    const range = address.range();
    return { allowed: false, range: range === "unicast" ? "ipv4Compatible" : range };
  }
  if (address.match(DOCUMENTATION_V6)) return { allowed: true };
  const range = address.range();
  switch (range) {
    case "unicast":
      return { allowed: true };
    case "ipv4Mapped":
    case "rfc6145":
      return embedded(range, address.parts[6]!, address.parts[7]!);
    case "rfc6052":
      // ipaddr.js files the local-use prefix 64:ff9b:1::/48 (RFC 8215) here too; only the well-known one is decoded.
      return address.match(NAT64_WELL_KNOWN)
        ? embedded(range, parts[6]!, parts[7]!)
        : { allowed: false, range: "rfc8215 (local-use NAT64)" };
    case "6to4":
      return embedded(range, parts[1]!, parts[2]!);
    default:
      return { allowed: false, range };
  }
}

/** An IPv6 address that stands for an IPv4 one is as reachable as that address, and no more. */
function embedded(form: string, high: number, low: number): AddressVerdict {
  const inner = new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  const verdict = checkV4(inner);
  return verdict.allowed ? verdict : { allowed: false, range: `${form} of ${inner.toString()} (${verdict.range})` };
}
