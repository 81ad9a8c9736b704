// The DNS client the explorer resolves hosts with, from the DNS_SERVERS setting, as validation's resolver builds it
// (dns/from-settings.ts): the named servers, or without the setting the system's resolvers where a UDP socket can be
// opened and public DNS-over-HTTPS where not. An invalid setting throws here, naming the entry.
import { createDnsClient, type DnsClient, parseDnsServers, systemDnsServers } from "../../dns/index.ts";

export function dnsClientFromSetting(dnsServers: string | undefined): DnsClient {
  const configured = parseDnsServers(dnsServers);
  if (configured.length > 0) return createDnsClient({ servers: configured });
  let client: Promise<DnsClient> | undefined;
  return {
    async query(name, type) {
      client ??= systemDnsServers().then((servers) => createDnsClient({ servers }));
      return await (await client).query(name, type);
    },
  };
}
