// The part of an Auth session the SPA needs to hand to supabase-js (setSession), which then keeps it refreshed.
import type { Session as AuthSession } from "@supabase/supabase-js";
import type { Session } from "./contract.ts";

export function sessionForClient(session: AuthSession, now: Date = new Date()): Session {
  return {
    accessToken: session.access_token,
    refreshToken: session.refresh_token,
    // supabase-js fills expires_at from expires_in when Auth leaves it out; keep the same fallback.
    expiresAt: session.expires_at ?? Math.floor(now.getTime() / 1000) + session.expires_in,
  };
}
