// Mail-domain DNS for the verdict engine: MX, null MX, implicit MX, NXDOMAIN and DNS failures told apart, one lookup
// per domain, cached in memory and in public.mail_domain_cache.
//
// Which transport production uses, and why
// ----------------------------------------
// On Supabase Edge Functions, DNS goes over DNS-over-HTTPS (RFC 8484): set DNS_SERVERS to an https:// resolver URL,
// or leave it empty to get https://cloudflare-dns.com/dns-query with https://dns.google/dns-query as fallback.
// - Deno.resolveDns is available there but can't be used: it reports NXDOMAIN, SERVFAIL and an empty answer as the
//   same NotFound error, and the verdict depends on the difference.
// - Plain DNS over UDP is impossible there: Supabase's edge runtime replaces the ops that open UDP sockets
//   (op_net_listen_udp, op_node_unstable_net_listen_udp, i.e. Deno.listenDatagram and node:dgram) with "not
//   supported" (supabase/edge-runtime, ext/core/net.rs). Deno Deploy likewise lacks Deno.listenDatagram.
// - Outbound TCP is allowed except to ports 25 and 587 (Supabase docs, "Edge Functions limits"), so DNS over TCP to
//   port 53 would work, but only to a resolver we name, and a public one over HTTPS is simpler and encrypted.
// - DoH needs nothing but fetch, which works wherever the function can reach the internet.
// With DNS_SERVERS empty, the system's resolvers from /etc/resolv.conf are used where a UDP socket can be opened
// (a developer's machine, a self-hosted runtime), DoH where not. Locally and in tests, DNS_SERVERS=host:port names a
// server asked over UDP, with TCP when an answer is truncated; `npm test` points it at the fixture server
// (testing/fixture-server.ts), so no test touches the internet.
export type { MailDomainLookup, MailDomainLookupKind, MailDomainResolver } from "./mail-domain-lookup.ts";
export { mailDomainLookupSchema } from "./mail-domain-lookup.ts";
export {
  createMailDomainResolver,
  ERROR_TTL_SECONDS,
  type MailDomainCacheStore,
  type MailDomainResolverOptions,
} from "./resolver.ts";
export { NEGATIVE_TTL_WITHOUT_SOA, resolveAddresses, type ResolvedAddresses, TTL_BOUNDS } from "./resolve-mail-domain.ts";
export { createDnsClientFromSettings, createMailDomainResolverFromSettings } from "./from-settings.ts";
export { mailDomainCacheStore } from "./privileged.ts";
export { createDnsClient, type DnsClient, DnsQueryError } from "./client.ts";
export { DEFAULT_DOH_SERVERS, parseDnsServers } from "./servers.ts";
export type { DnsServer } from "./transport.ts";
export { type AddressVerdict, checkAddress } from "./address-policy.ts";
export { systemDnsServers } from "./servers.ts";
export type { Answer, DnsResponse } from "./wire.ts";
