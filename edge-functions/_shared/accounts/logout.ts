// Ending a session on Supabase Auth, so its access token stops being accepted and its refresh token can no longer
// renew it. This instance stops accepting the token at once; others may still accept it for the few seconds they
// remember a verified token (see verifyAccessToken).
import { authAdminClient, forgetAccessToken } from "../auth/index.ts";
import { isSessionAlreadyEnded } from "./auth-failures.ts";

export async function logout(accessToken: string): Promise<void> {
  try {
    // Scope "local" ends only the session this token belongs to: signing out in one browser leaves the user's other
    // devices signed in. ("global", supabase-js's default, would end every session of the user.)
    const { error } = await authAdminClient().auth.admin.signOut(accessToken, "local");
    if (error && !isSessionAlreadyEnded(error)) throw error;
  } finally {
    // Only once Auth has answered: forgotten sooner, the token could be asked about and remembered again in between.
    forgetAccessToken(accessToken);
  }
}
