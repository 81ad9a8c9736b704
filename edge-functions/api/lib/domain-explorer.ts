// The domain explorer, built once per function instance from the egress settings (DNS_SERVERS, OUTBOUND_HTTP_PROXY):
// its RDAP client keeps IANA's bootstrap registry for a day, which an explorer made per request would read every time.
import { env } from "../../_shared/env.ts";
import { createDomainExplorer, type DomainExplorer, createSafeFetcher } from "../../_shared/explorations/index.ts";

let explorer: DomainExplorer | undefined;

export function domainExplorer(): DomainExplorer {
  explorer ??= createDomainExplorer({
    fetcher: createSafeFetcher({ dnsServers: env().DNS_SERVERS, proxy: env().OUTBOUND_HTTP_PROXY }),
  });
  return explorer;
}
