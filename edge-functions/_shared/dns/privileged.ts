// The shared lookup cache, public.mail_domain_cache, on the api's own connection: it is shared by every instance and
// closed to the API's roles (RLS on, no policies for them).
import { database } from "../db/pool.ts";
import { createMailDomainCacheDbStore } from "./db-store.ts";
import type { MailDomainCacheStore } from "./resolver.ts";

export function mailDomainCacheStore(): MailDomainCacheStore {
  return createMailDomainCacheDbStore(database());
}
