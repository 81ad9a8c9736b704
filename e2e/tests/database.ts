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
