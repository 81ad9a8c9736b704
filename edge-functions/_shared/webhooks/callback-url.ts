// Where a job's webhook may be sent. The URL comes from an API caller, so it is held to the crawler's rules for the
// web: https only (the body names the owner's job and its counts), no user name or password (they would be kept in
// logs and the delivery list), and a host whose every address is public, checked through our own DNS (DNS_SERVERS)
// when the job is submitted and again before every attempt (callbackTarget), since a name can be pointed inside a
// network after it passed.
import { isIP } from "node:net";
import { type DnsClient } from "../dns/index.ts";
import { env } from "../env.ts";
import { DomainError } from "../errors.ts";
import { checkAddress, resolveHost } from "../explorations/net/index.ts";
import { dnsClientFromSetting } from "../explorations/net/dns-setting.ts";

export type CallbackTarget =
  /** The URL and the checked addresses a delivery may connect to (and to no other). */
  | { ok: true; url: URL; addresses: string[] }
  /** `problem` completes "callbackUrl …"; `private` tells a refused address from a malformed or unresolved URL. */
  | { ok: false; problem: string; private: boolean };

/** The URL's shape and its host's addresses, checked as a delivery needs them. */
export async function callbackTarget(dns: DnsClient, input: string): Promise<CallbackTarget> {
  const refused = (problem: string, isPrivate = false): CallbackTarget => ({ ok: false, problem, private: isPrivate });
  if (!URL.canParse(input)) return refused("is not a URL");
  const url = new URL(input);
  if (url.protocol !== "https:") return refused("must use https");
  if (url.username || url.password) return refused("must not contain a user name or password");
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (isIP(host) !== 0) {
    const verdict = checkAddress(host);
    return verdict.allowed ? { ok: true, url, addresses: [host] } : refused(`is a private address (${verdict.range})`, true);
  }
  if (!host.includes(".")) return refused("must name a public host");
  const resolution = await resolveHost(dns, host);
  switch (resolution.kind) {
    case "public":
      return { ok: true, url, addresses: resolution.addresses };
    case "private":
      return refused(`resolves to a private address (${resolution.address}: ${resolution.range})`, true);
    case "not_found":
      return refused(`host ${host} does not resolve`);
    case "dns_error":
      return refused(`host ${host} could not be resolved (${resolution.detail})`);
  }
}

/** The DNS client deliveries and submissions resolve callback hosts with (DNS_SERVERS). */
export function callbackDnsClient(): DnsClient {
  return dnsClientFromSetting(env().DNS_SERVERS);
}

/** Refuses an unsafe callbackUrl at submission: DomainError callback_url_refused, a 400 naming the problem. */
export async function checkCallbackUrl(url: string, dns: DnsClient = callbackDnsClient()): Promise<void> {
  const target = await callbackTarget(dns, url);
  if (!target.ok) throw new DomainError("callback_url_refused", { problem: `callbackUrl ${target.problem}` });
}
