// A host's addresses, through our DNS client (DNS_SERVERS), checked before anything connects to them. Both A and AAAA
// are asked, and one address in private space is enough to refuse the host: a name that answers 203.0.113.5 and
// 10.0.0.5 is either misconfigured or an attempt to reach inside, and which of the two a connection would use is not
// ours to guess.
import { type DnsClient, DnsQueryError, type DnsResponse, checkAddress } from "../../dns/index.ts";

export type HostResolution =
  /** Every address is public; IPv4 first. */
  | { kind: "public"; addresses: string[] }
  | { kind: "private"; address: string; range: string }
  /** NXDOMAIN, or a name with neither A nor AAAA records. */
  | { kind: "not_found"; detail: string }
  /** No usable answer: SERVFAIL, REFUSED, timeouts. */
  | { kind: "dns_error"; detail: string };

export async function resolveHost(dns: DnsClient, host: string): Promise<HostResolution> {
  const [v4, v6] = await Promise.all([ask(dns, host, "A"), ask(dns, host, "AAAA")]);
  const answered = [v4, v6].filter((answer): answer is DnsResponse => !(answer instanceof Error));
  if (answered.some((answer) => answer.rcode === "NXDOMAIN")) return { kind: "not_found", detail: `${host}: NXDOMAIN` };
  const usable = answered.filter((answer) => answer.rcode === "NOERROR");
  if (usable.length === 0) {
    const why = [v4, v6].map((answer) => answer instanceof Error ? answer.message : `${answer.rcode}`);
    return { kind: "dns_error", detail: `${host}: ${why.join("; ")}` };
  }

  // The answers include the CNAME chain a resolver followed; the addresses at its end are the host's.
  const addresses = usable.flatMap((answer) =>
    answer.answers.flatMap((record) =>
      (record.type === "A" || record.type === "AAAA") && typeof record.data === "string" ? [record.data] : []
    )
  );
  for (const address of addresses) {
    const verdict = checkAddress(address);
    if (!verdict.allowed) return { kind: "private", address, range: verdict.range };
  }
  if (addresses.length === 0) return { kind: "not_found", detail: `${host}: no A or AAAA records` };
  return { kind: "public", addresses: [...new Set(addresses)] };
}

async function ask(dns: DnsClient, host: string, type: "A" | "AAAA"): Promise<DnsResponse | DnsQueryError> {
  try {
    return await dns.query(host, type);
  } catch (error) {
    if (error instanceof DnsQueryError) return error;
    throw error;
  }
}
