// The verdict engine, built once per function instance: its resolver keeps the in-memory DNS cache and shares
// in-flight lookups between requests, which a validator made per request would throw away.
import { createMailDomainResolverFromSettings, mailDomainCacheStore } from "../../_shared/dns/index.ts";
import { env } from "../../_shared/env.ts";
import { createEmailValidator, type EmailValidator } from "../../_shared/validation/index.ts";

let validator: EmailValidator | undefined;

export function emailValidator(): EmailValidator {
  validator ??= createEmailValidator({
    resolver: createMailDomainResolverFromSettings({
      dnsServers: env().DNS_SERVERS,
      // public.mail_domain_cache is shared by every instance and closed to the API's roles: the privileged pool.
      cache: mailDomainCacheStore(),
    }),
  });
  return validator;
}
