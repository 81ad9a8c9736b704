// Ending a session on Supabase Auth, so its access token stops being accepted (verifyAccessToken asks Auth) and its
// refresh token can no longer renew it.
import { authAdminClient } from "../auth/supabase-clients.ts";
import { isSessionAlreadyEnded } from "./auth-failures.ts";

export async function logout(accessToken: string): Promise<void> {
  // Scope "local" ends only the session this token belongs to: signing out in one browser leaves the user's other
  // devices signed in. ("global", supabase-js's default, would end every session of the user.)
  const { error } = await authAdminClient().auth.admin.signOut(accessToken, "local");
  if (error && !isSessionAlreadyEnded(error)) throw error;
}
