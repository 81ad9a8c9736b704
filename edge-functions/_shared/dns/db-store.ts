// The shared lookup cache in public.mail_domain_cache, through postgres.js. Only privileged server code reaches that
// table (RLS is on with no policies for the API's roles), so the caller passes its privileged connection (privileged.ts).
// A row is checked with zod on the way out: one written by another build, or edited by hand, is treated as a miss.
import type postgres from "postgres";
import { type MailDomainLookup, mailDomainLookupSchema } from "./mail-domain-lookup.ts";
import type { MailDomainCacheStore } from "./resolver.ts";

/**
 * Each write also deletes up to this many expired rows, oldest first (through the expires_at index), so the table
 * stays near the number of domains looked up within a day without a scheduled job. Rows another writer is deleting
 * are skipped rather than waited for.
 */
const PRUNED_PER_WRITE = 10;

export function createMailDomainCacheDbStore(sql: postgres.Sql): MailDomainCacheStore {
  return {
    async get(domain) {
      const [row] = await sql<{ lookup: unknown; expires_at: Date }[]>`
        select lookup, expires_at from public.mail_domain_cache where domain = ${domain}
      `;
      if (!row) return null;
      const lookup = mailDomainLookupSchema.safeParse(row.lookup);
      return lookup.success ? { lookup: lookup.data, expiresAt: row.expires_at } : null;
    },
    async set(domain, lookup: MailDomainLookup, expiresAt) {
      // The row being written is left out of the pruning: one statement may not both delete and upsert it.
      await sql`
        with pruned as (
          delete from public.mail_domain_cache
          where domain in (
            select domain from public.mail_domain_cache
            where expires_at <= now() and domain <> ${domain}
            order by expires_at
            limit ${PRUNED_PER_WRITE}
            for update skip locked
          )
        )
        insert into public.mail_domain_cache (domain, lookup, expires_at)
        values (${domain}, ${sql.json(lookup)}, ${expiresAt})
        on conflict (domain) do update set lookup = excluded.lookup, expires_at = excluded.expires_at
      `;
    },
  };
}
