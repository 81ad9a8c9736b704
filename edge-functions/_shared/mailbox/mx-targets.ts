// Where a probe may connect: the domain's MX hosts in priority order, each resolved through the project's DNS client
// and checked by the same address policy as the explorer. A host that resolves only to private, loopback,
// link-local… addresses is skipped, never connected to: a domain's owner must not be able to point our worker at the
// network it runs in. In tests SMTP_PROBE_TARGET (host:port) replaces the checked address as the place to connect,
// after the check, so the fixture's zones still decide which hosts are refused.
import { checkAddress, type DnsClient, resolveAddresses } from "../dns/index.ts";
import type { SmtpEndpoint } from "./smtp-client.ts";

export const SMTP_PORT = 25;

export interface MxTarget {
  /** The MX host's name: the certificate is checked against it, and results name it. */
  mxHost: string;
  /** Where to connect, in order: its public addresses on port 25, or SMTP_PROBE_TARGET. */
  endpoints: SmtpEndpoint[];
}

/** Why a host gave no target, for the worker's log. */
export interface SkippedHost {
  mxHost: string;
  reason: string;
}

/** SMTP_PROBE_TARGET's "host:port" ("[::1]:2525" for IPv6). */
export function parseTarget(target: string): SmtpEndpoint {
  const match = /^(?:\[([^\]]+)\]|([^:\s]+)):(\d{1,5})$/.exec(target.trim());
  const port = Number(match?.[3]);
  if (!match || port < 1 || port > 65_535) throw new Error(`SMTP_PROBE_TARGET must be host:port, not "${target}"`);
  return { hostname: match[1] ?? match[2]!, port };
}

/**
 * The targets for `mxHosts` (priority order), resolved one host at a time as the probe asks for the next: most
 * domains are answered by their first host, and the rest need no DNS questions then.
 */
export async function* mxTargets(
  mxHosts: readonly string[],
  options: { dns: DnsClient; target?: string; onSkip?: (skipped: SkippedHost) => void },
): AsyncGenerator<MxTarget> {
  const target = options.target === undefined ? undefined : parseTarget(options.target);
  for (const mxHost of new Set(mxHosts.map((host) => host.toLowerCase().replace(/\.$/, "")))) {
    const resolved = await resolveAddresses(options.dns, mxHost);
    if (resolved.kind !== "addresses") {
      options.onSkip?.({ mxHost, reason: resolved.kind === "error" ? resolved.detail : `no addresses (${resolved.kind})` });
      continue;
    }
    const allowed = resolved.addresses.filter((address) => checkAddress(address).allowed);
    if (allowed.length === 0) {
      options.onSkip?.({ mxHost, reason: `only refused addresses: ${resolved.addresses.join(", ")}` });
      continue;
    }
    yield { mxHost, endpoints: target ? [target] : allowed.map((hostname) => ({ hostname, port: SMTP_PORT })) };
  }
}
