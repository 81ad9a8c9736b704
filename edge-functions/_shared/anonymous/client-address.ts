// Which client an anonymous validation comes from. Supabase's gateway (and devstack's) puts the address its socket sees
// first in X-Forwarded-For; the allowance is kept per that address, so only a well-formed IP address counts.

/**
 * The client's IP address from an X-Forwarded-For header, normalised (IPv6 compressed and lower-cased, an IPv4 address
 * that arrives IPv4-mapped as its IPv4 form), or null when the first entry is missing or not an IP address.
 */
export function clientAddressFrom(forwardedFor: string | null | undefined): string | null {
  const first = forwardedFor?.split(",")[0]?.trim() ?? "";
  if (!first) return null;
  return first.includes(":") ? ipv6(first) : ipv4(first);
}

const DOTTED_QUAD = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function ipv4(text: string): string | null {
  const octets = DOTTED_QUAD.exec(text)?.slice(1).map(Number);
  if (!octets || octets.some((octet) => octet > 255)) return null;
  return octets.join(".");
}

function ipv6(text: string): string | null {
  // The URL parser validates and canonicalises IPv6 literals (RFC 5952), and refuses zone ids and other junk.
  let host: string;
  try {
    host = new URL(`http://[${text.replace(/^\[|\]$/g, "")}]/`).hostname;
  } catch {
    return null;
  }
  const address = host.slice(1, -1);
  // An IPv4 client seen through a dual-stack socket: counted as the IPv4 address it is, not as part of an IPv6 /64.
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(address);
  if (mapped) {
    const [high, low] = [parseInt(mapped[1]!, 16), parseInt(mapped[2]!, 16)];
    return [high >> 8, high & 255, low >> 8, low & 255].join(".");
  }
  return address;
}
