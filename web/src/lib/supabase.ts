// The one Supabase client. It owns the session: it persists it, refreshes it before it expires and authorises
// Realtime channels (lib/realtime.ts); the rest of the app asks it for the current access token.
import { createClient } from "@supabase/supabase-js";
import { env } from "./env";

export const supabase = createClient(env.supabaseUrl, env.supabaseAnonKey, {
  auth: {
    persistSession: true,
    autoRefreshToken: true,
    // Sessions come from our /api login and register answers, never from OAuth redirects.
    detectSessionInUrl: false,
  },
});
