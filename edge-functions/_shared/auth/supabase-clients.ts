// Supabase Auth, reached through the official client so the function speaks to Auth exactly as any Supabase app does.
// Server-side clients keep no session of their own: they never persist or refresh anything.
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { env } from "../env.ts";

const serverAuthOptions = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

/**
 * A fresh anon-key client for one sign-up or sign-in. Signing in stores the resulting session on the client, so a
 * client shared between requests would carry one visitor's session into another's request.
 */
export function newVisitorClient(): SupabaseClient {
  const { SUPABASE_URL, SUPABASE_ANON_KEY } = env();
  return createClient(SUPABASE_URL, SUPABASE_ANON_KEY, { auth: serverAuthOptions });
}

let tokenChecker: SupabaseClient | undefined;

/** Shared anon-key client for checking tokens: auth.getUser(jwt) sends the given token and stores nothing. */
export function tokenCheckerClient(): SupabaseClient {
  const { SUPABASE_URL, SUPABASE_ANON_KEY } = env();
  tokenChecker ??= createClient(SUPABASE_URL, SUPABASE_ANON_KEY, { auth: serverAuthOptions });
  return tokenChecker;
}

let admin: SupabaseClient | undefined;

/** Service-role client for Auth's admin API (ending a session on the user's behalf). Never handed to user code. */
export function authAdminClient(): SupabaseClient {
  const { SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY } = env();
  admin ??= createClient(SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY, { auth: serverAuthOptions });
  return admin;
}
