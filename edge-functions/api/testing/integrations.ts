// Calling the public API in tests: keys made the way the product makes them (drawn in Postgres, the hash stored, the
// secret answered once), and calls carrying one, through the gateway or an api instance of the test's own.
import { integrationsApp } from "../routes/integrations/integrations.app.ts";
import { type Answer, call, type Call, withDatabase } from "./stack.ts";

export interface TestApiKey {
  id: string;
  secret: string;
}

/** A new key of the user's, active unless `expiresAt` has passed. */
export async function newApiKey(
  userId: string,
  { name = "Test key", expiresAt = null }: { name?: string; expiresAt?: Date | null } = {},
): Promise<TestApiKey> {
  return await withDatabase(async (sql) => {
    // The product's creation refuses a past expiry, so an expired key is made live and then aged.
    const [made] = await sql<TestApiKey[]>`select * from private.insert_api_key(${userId}, ${name}, 60, null)`;
    if (expiresAt) await sql`update public.api_keys set expires_at = ${expiresAt} where id = ${made!.id}`;
    return { id: made!.id, secret: made!.secret };
  });
}

/** A well-formed key (prefix, alphabet, checksum) that no one holds. */
export async function unknownApiKey(): Promise<string> {
  return await withDatabase(async (sql) => {
    const [row] = await sql<{ key: string }[]>`
      select prefixed || private.api_key_checksum(prefixed) as key
        from (select 'msk_' || private.base62(extensions.gen_random_bytes(32), 43) as prefixed) as drawn
    `;
    return row!.key;
  });
}

/** A call of /api/integrations<path> through the gateway, with the key as a bearer token unless headers say otherwise. */
export function callIntegrations(path: string, key: string | null, options: Call = {}): Promise<Answer> {
  return call(`/api/integrations${path}`, { ...options, token: key ?? undefined });
}

/**
 * A second api instance: the sub-app built in this process, as another function instance would run it, on the same
 * database. `clientIp` stands in for the gateway's X-Forwarded-For, so a test's failed attempts count for its own
 * network.
 */
export function ownInstance() {
  const app = integrationsApp();
  return async (
    path: string,
    { method, body, headers, clientIp = "127.0.0.1" }: { method?: string; body?: unknown; headers?: Record<string, string>; clientIp?: string },
  ): Promise<Answer> => {
    const response = await app.fetch(
      new Request(`http://api.invalid/api/integrations${path}`, {
        method: method ?? (body === undefined ? "GET" : "POST"),
        headers: {
          "x-forwarded-for": clientIp,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, json: text ? JSON.parse(text) : undefined };
  };
}

/**
 * Forgets the failed attempts counted for 127.0.0.1, the address the gateway names for every test request: a test
 * that expects a refusal of its own key (401, not the 429 past 20 failures a minute) starts here.
 */
export async function forgetLoopbackFailures(): Promise<void> {
  await withDatabase((sql) =>
    sql`delete from private.rate_limit_counters where subject = 'network:127.0.0.1' and action = 'api_key_failure'`
  );
}

/** A client address of the test's own, so its failed attempts are counted apart from every other test's. */
export function testNetwork(): string {
  const [a, b] = crypto.getRandomValues(new Uint8Array(2));
  return `198.51.${a}.${b}`;
}

/**
 * The key's calls so far: those still in the call log and those the once-a-minute fold has moved into its usage days,
 * read in one statement, so a fold running meanwhile neither hides nor doubles one.
 */
export async function keyUsage(keyId: string): Promise<{ requests: number; emails: number; errors: number }> {
  return await withDatabase(async (sql) => {
    const [row] = await sql<{ requests: number; emails: number; errors: number }[]>`
      select logged.requests + folded.requests as requests, logged.emails + folded.emails as emails,
             logged.errors + folded.errors as errors
        from (select count(*)::integer as requests, coalesce(sum(emails), 0)::integer as emails,
                     (count(*) filter (where status >= 400))::integer as errors
                from private.api_key_calls where key_id = ${keyId}) as logged,
             (select coalesce(sum(requests), 0)::integer as requests, coalesce(sum(emails), 0)::integer as emails,
                     coalesce(sum(errors), 0)::integer as errors
                from public.api_key_usage where key_id = ${keyId}) as folded
    `;
    return { ...row! };
  });
}
