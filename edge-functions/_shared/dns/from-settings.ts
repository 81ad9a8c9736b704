// The production resolver, built from the DNS_SERVERS setting. An invalid setting throws here, at start-up, naming the
// entry. Without the setting, the system's servers are found on the first lookup (it takes a file read and a socket
// probe), once per instance.
import { createDnsClient, type DnsClient } from "./client.ts";
import type { MailDomainResolver } from "./mail-domain-lookup.ts";
import { createMailDomainResolver, type MailDomainCacheStore } from "./resolver.ts";
import { parseDnsServers, systemDnsServers } from "./servers.ts";

export function createMailDomainResolverFromSettings(settings: {
  /** The DNS_SERVERS setting as given; empty or undefined uses the system's resolvers. */
  dnsServers: string | undefined;
  cache?: MailDomainCacheStore;
}): MailDomainResolver {
  return createMailDomainResolver({ client: createDnsClientFromSettings(settings.dnsServers), cache: settings.cache });
}

/** A DNS client for other questions (TXT records), asking the same servers as the resolver. */
export function createDnsClientFromSettings(dnsServers: string | undefined): DnsClient {
  const configured = parseDnsServers(dnsServers);
  return configured.length > 0 ? createDnsClient({ servers: configured }) : systemClient();
}

function systemClient(): DnsClient {
  let client: Promise<DnsClient> | undefined;
  return {
    async query(name, type) {
      client ??= systemDnsServers().then((servers) => createDnsClient({ servers }));
      return await (await client).query(name, type);
    },
  };
}
