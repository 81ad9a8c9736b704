// Starting and ending a session in the browser. Our /api answers login and register with the tokens Supabase Auth
// issued; handing them to supabase-js makes it the session's keeper (storage, refresh, later Realtime).
import { authResponseSchema, type User } from "@contracts/auth";
import { readJson } from "@/lib/api";
import { supabase } from "@/lib/supabase";
import { clearAuthToken, writeAuthToken } from "./auth-token";

/** Takes an OK login or register answer, starts the session it carries and returns the signed-in user. */
export async function startSession(response: Response): Promise<User> {
  const { session, ...user } = await readJson(response, authResponseSchema);
  const { error } = await supabase.auth.setSession({
    access_token: session.accessToken,
    refresh_token: session.refreshToken,
  });
  if (error) throw error;
  // The token stored is the one from the Authorization response header. It is the session's access
  // token; the body's copy covers a host that does not expose the header to scripts.
  writeAuthToken(bearerToken(response.headers.get("Authorization")) ?? session.accessToken);
  return user;
}

function bearerToken(header: string | null): string | null {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

/** Forgets the session in this browser. The server side has already been ended by POST /api/logout. */
export async function endSession(): Promise<void> {
  // "local": /api/logout already revoked the session on Auth, so asking Auth again would only fail.
  const { error } = await supabase.auth.signOut({ scope: "local" });
  if (error) throw error;
  clearAuthToken();
}
