// What every contract test needs: the running stack's URL and keys from the environment, and supabase-js clients
// built the way an app builds them. A missing variable fails the run loudly instead of skipping tests.
import type { SupabaseClient } from "@supabase/supabase-js";
import { z } from "zod";
import { nodeSupabaseClient } from "../../src/testing/supabase-client.ts";

const parsed = z
  .object({
    SUPABASE_URL: z.url(),
    SUPABASE_ANON_KEY: z.string().min(1),
    SUPABASE_SERVICE_ROLE_KEY: z.string().min(1),
    // The stack's database as its superuser, for what only SQL can do (queue pg_net requests, Realtime's sends).
    SUPABASE_DB_URL: z.url(),
  })
  .safeParse(process.env);
if (!parsed.success) {
  throw new Error(
    "Contract tests run against a running stack: set SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY and " +
      `SUPABASE_DB_URL (npm test does). Problem: ${z.prettifyError(parsed.error)}`,
  );
}
export const env = parsed.data;

/** A client as the browser app has it: the anon key, plus whatever session it signs in to; `url` for another server. */
export const anonClient = (url = env.SUPABASE_URL): SupabaseClient => nodeSupabaseClient(url, env.SUPABASE_ANON_KEY);

/** A trusted server's client: the service-role key, for auth.admin. */
export const serviceClient = (): SupabaseClient => nodeSupabaseClient(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY);

/** An address no other test (or earlier run on the same database) uses. */
export const uniqueEmail = (label: string): string => `contract-${label}-${crypto.randomUUID()}@example.com`;

/** Plain HTTP to the Auth API, for what supabase-js hides: status, headers and body as sent. */
export function authFetch(path: string, init: RequestInit & { bearer?: string } = {}): Promise<Response> {
  const { bearer, headers, ...rest } = init;
  return fetch(`${env.SUPABASE_URL}/auth/v1${path}`, {
    ...rest,
    headers: {
      apikey: env.SUPABASE_ANON_KEY,
      Authorization: `Bearer ${bearer ?? env.SUPABASE_ANON_KEY}`,
      "Content-Type": "application/json",
      "X-Supabase-Api-Version": "2024-01-01",
      ...headers,
    },
  });
}
