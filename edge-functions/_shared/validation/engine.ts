// The verdict engine as the functions run it, built from the settings: DNS_SERVERS, and public.mail_domain_cache
// shared by every instance (closed to the API's roles, so reached through the dns feature's privileged store).
import { createMailDomainResolverFromSettings, mailDomainCacheStore } from "../dns/index.ts";
import { env } from "../env.ts";
import { createEmailValidator, type EmailValidator } from "./validator.ts";

let shared: EmailValidator | undefined;

/**
 * The instance's engine, built once: its resolver keeps the in-memory DNS cache and shares in-flight lookups between
 * requests (and a bulk job's chunks), which an engine made per call would throw away.
 */
export function emailValidator(): EmailValidator {
  shared ??= freshEmailValidator();
  return shared;
}

/**
 * An engine with memory of its own, answers from the shared store aside. A bulk job's retry of DNS failures uses one:
 * the instance's engine remembers a failure for ERROR_TTL_SECONDS, and the retry is meant to ask DNS again.
 */
export function freshEmailValidator(): EmailValidator {
  return createEmailValidator({
    resolver: createMailDomainResolverFromSettings({ dnsServers: env().DNS_SERVERS, cache: mailDomainCacheStore() }),
  });
}
