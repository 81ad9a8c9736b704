// A host's addresses, through our DNS client (DNS_SERVERS), checked before anything connects to them. Both A and AAAA
// are asked (dns's resolveAddresses, which the verdict engine's MX host check uses too), and one address in private
// space is enough to refuse the host: a name that answers 203.0.113.5 and 10.0.0.5 is either misconfigured or an
// attempt to reach inside, and which of the two a connection would use is not ours to guess.
import { checkAddress, type DnsClient, resolveAddresses } from "../../dns/index.ts";

export type HostResolution =
  /** Every address is public; IPv4 first. */
  | { kind: "public"; addresses: string[] }
  | { kind: "private"; address: string; range: string }
  /** NXDOMAIN, or a name with neither A nor AAAA records. */
  | { kind: "not_found"; detail: string }
  /** No usable answer: SERVFAIL, REFUSED, timeouts. */
  | { kind: "dns_error"; detail: string };

export async function resolveHost(dns: DnsClient, host: string): Promise<HostResolution> {
  const resolved = await resolveAddresses(dns, host);
  switch (resolved.kind) {
    case "nxdomain":
      return { kind: "not_found", detail: `${host}: NXDOMAIN` };
    case "nodata":
      return { kind: "not_found", detail: `${host}: no A or AAAA records` };
    case "error":
      return { kind: "dns_error", detail: `${host}: ${resolved.detail}` };
    case "addresses":
      for (const address of resolved.addresses) {
        const verdict = checkAddress(address);
        if (!verdict.allowed) return { kind: "private", address, range: verdict.range };
      }
      return { kind: "public", addresses: [...new Set(resolved.addresses)] };
  }
}
