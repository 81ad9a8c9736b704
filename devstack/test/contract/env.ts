// What every contract test needs: the running stack's URL and keys from the environment, and supabase-js clients
// built the way an app builds them. A missing variable fails the run loudly instead of skipping tests.
import { createClient, type SupabaseClient, type WebSocketLikeConstructor } from "@supabase/supabase-js";
import WebSocket from "ws";
import { z } from "zod";

const parsed = z
  .object({
    SUPABASE_URL: z.url(),
    SUPABASE_ANON_KEY: z.string().min(1),
    SUPABASE_SERVICE_ROLE_KEY: z.string().min(1),
    // The database as the migrations' role sees it, for what only SQL can do (queue pg_net requests).
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

function client(key: string): SupabaseClient {
  return createClient(env.SUPABASE_URL, key, {
    // A session lives in this client's memory only, and refreshes happen when a test asks for them.
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // supabase-js 2.109 builds its Realtime client eagerly and, on Node 20 (no native WebSocket), createClient throws
    // unless it is given a WebSocket implementation: ws's, as realtime-js's own error message advises. The cast is for
    // ws's extra `new (address: null)` overload, which TypeScript cannot match to realtime-js's constructor type.
    realtime: { transport: WebSocket as unknown as WebSocketLikeConstructor },
  });
}

/** A client as the browser app has it: the anon key, plus whatever session it signs in to. */
export const anonClient = (): SupabaseClient => client(env.SUPABASE_ANON_KEY);

/** A trusted server's client: the service-role key, for auth.admin. */
export const serviceClient = (): SupabaseClient => client(env.SUPABASE_SERVICE_ROLE_KEY);

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
