// Arranging state directly in the test database (DATABASE_URL, a superuser), for what the UI cannot reset.
import postgres from "postgres";

function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is required, e.g. DATABASE_URL=postgresql://postgres:postgres@127.0.0.1:54322/postgres");
  return url;
}

/**
 * Forgets every anonymous session and per-IP count. Every browser in these tests comes from 127.0.0.1 and so shares
 * one IP allowance; a test that validates anonymously starts from a clean month.
 */
export async function resetAnonymousAllowance(): Promise<void> {
  const sql = postgres(databaseUrl(), { max: 1, onnotice: () => {} });
  try {
    await sql.begin(async (tx) => {
      await tx`delete from public.anonymous_sessions`;
      await tx`delete from public.anonymous_ip_usage`;
    });
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Counts failed sign-ins with `identifier` as the api does (private.record_sign_in_failure), from no network. */
export async function failSignIns(identifier: string, times: number): Promise<void> {
  const sql = postgres(databaseUrl(), { max: 1, onnotice: () => {} });
  try {
    for (let i = 0; i < times; i++) await sql`select private.record_sign_in_failure(${identifier}, null)`;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Forgets every failed sign-in and lock, so earlier tests' failures (all from 127.0.0.1) lock nobody out. */
export async function forgetSignInFailures(): Promise<void> {
  const sql = postgres(databaseUrl(), { max: 1, onnotice: () => {} });
  try {
    await sql`delete from private.rate_limit_counters where action like 'sign\_in\_%'`;
  } finally {
    await sql.end({ timeout: 5 });
  }
}
