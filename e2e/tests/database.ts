// Arranging state directly in the test database (DATABASE_URL, a superuser), for what the UI cannot reset.
import postgres from "postgres";

function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is required, e.g. DATABASE_URL=postgresql://postgres:postgres@127.0.0.1:54322/postgres");
  return url;
}

async function withDatabase<T>(work: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(databaseUrl(), { max: 1, onnotice: () => {} });
  try {
    return await work(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * Forgets every anonymous session, per-IP count and rate-limit counter. Every browser in these tests comes from
 * 127.0.0.1 and so shares one IP allowance (and one network's daily discount code, which the api tests may have
 * taken); a test that validates anonymously starts from a clean month.
 */
export async function resetAnonymousAllowance(): Promise<void> {
  await withDatabase((sql) =>
    sql.begin(async (tx) => {
      await tx`delete from public.anonymous_sessions`;
      await tx`delete from public.anonymous_ip_usage`;
      await tx`delete from private.rate_limit_counters`;
    }),
  );
}

/** Uses up the signed-in user's per-minute limit of `action` ("validation", "exploration") for the next minute. */
export async function useUpPerMinuteLimit(username: string, action: "validation" | "exploration"): Promise<void> {
  await withDatabase(
    (sql) => sql`
      insert into private.rate_limit_counters (subject, action, hits, window_ends_at)
      select 'user:' || id, ${action}, 1000000, now() + interval '1 minute' from public.profiles where username = ${username}
      on conflict (subject, action) do update set hits = excluded.hits, window_ends_at = excluded.window_ends_at
    `,
  );
}

/** Counts failed sign-ins with `identifier` as the api does (private.record_sign_in_failure), from no network. */
export async function failSignIns(identifier: string, times: number): Promise<void> {
  await withDatabase(async (sql) => {
    for (let i = 0; i < times; i++) await sql`select private.record_sign_in_failure(${identifier}, null)`;
  });
}

/** Forgets every failed sign-in and lock, so earlier tests' failures (all from 127.0.0.1) lock nobody out. */
export async function forgetSignInFailures(): Promise<void> {
  await withDatabase((sql) => sql`delete from private.rate_limit_counters where action like 'sign\_in\_%'`);
}

/**
 * Forgets SEO's pages, keyword targets and suppressions of `domain`: a confirmed removal suppresses the domain for
 * good, so a journey that removes its page can run again only after this.
 */
export async function forgetSeoDomain(domain: string): Promise<void> {
  await withDatabase((sql) =>
    sql.begin(async (tx) => {
      await tx`delete from public.seo_suppressions where kind = 'domain' and value = ${domain}`;
      await tx`delete from public.seo_keyword_targets where strpos(keyword_key, ${domain}) > 0`;
      await tx`delete from public.seo_landing_pages where entity_domain = ${domain}`;
    }),
  );
}

/**
 * Counts every anonymous session and network seen this month as having used `limit` free validations, as though each
 * had validated that often: the next anonymous validation is over the allowance. (Ten real ones are the free-limit
 * journey's; a journey about what the refusal shows starts here instead.)
 */
export async function useUpAnonymousAllowance(limit: number): Promise<void> {
  await withDatabase((sql) =>
    sql.begin(async (tx) => {
      await tx`update public.anonymous_ip_usage set validations_used = ${limit}`;
      await tx`update public.anonymous_sessions set validations_used = greatest(validations_used, free_limit)`;
    }),
  );
}

export interface SeededContact {
  email: string;
  firstName?: string;
  lastName?: string;
  company?: string;
  /** The address's latest validation: true valid, false invalid, undefined never validated. */
  isValid?: boolean;
}

/**
 * Saves `contacts` for the user in their General list in one statement, as an import would, and records a validation
 * of each address that has `isValid`; returns the contacts' ids, which follow the order given.
 */
export async function seedSavedContacts(username: string, contacts: SeededContact[]): Promise<number[]> {
  return await withDatabase((sql) =>
    sql.begin(async (tx) => {
      const rows = await tx<{ id: number }[]>`
        insert into public.saved_contacts (user_id, list_id, email, domain, first_name, last_name, company, source)
        select p.id, l.id, c.email, split_part(c.email, '@', 2), c.first_name, c.last_name, c.company, 'bulk'
        from public.profiles as p
        join public.contact_lists as l on l.user_id = p.id and l.is_default
        cross join lateral unnest(
          ${contacts.map((contact) => contact.email)}::text[],
          ${contacts.map((contact) => contact.firstName ?? null)}::text[],
          ${contacts.map((contact) => contact.lastName ?? null)}::text[],
          ${contacts.map((contact) => contact.company ?? null)}::text[]
        ) with ordinality as c (email, first_name, last_name, company, n)
        where p.username = ${username}
        order by c.n
        returning id
      `;
      const validated = contacts.filter((contact) => contact.isValid !== undefined);
      await tx`
        insert into public.email_validations (email, domain, is_valid, format_valid, mx_records_found, verdict, deliverability_score)
        select v.email, split_part(v.email, '@', 2), v.is_valid, true, v.is_valid,
          case when v.is_valid then 'deliverable' else 'undeliverable' end, case when v.is_valid then 95 else 5 end
        -- The verdicts travel as text: postgres.js sends an array of booleans as one boolean.
        from unnest(
          ${validated.map((contact) => contact.email)}::text[],
          ${validated.map((contact) => String(contact.isValid))}::text[]::boolean[]
        ) as v (email, is_valid)
        on conflict ((lower(email))) do update set is_valid = excluded.is_valid, verdict = excluded.verdict,
          deliverability_score = excluded.deliverability_score, last_validated_at = now()
      `;
      return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
    }),
  );
}
