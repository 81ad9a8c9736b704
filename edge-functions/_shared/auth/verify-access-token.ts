// Who is calling: a bearer token counts only if Supabase Auth accepts it now. Checking the signature locally would
// keep accepting a token after its session was signed out; auth.getUser(jwt) asks Auth, which also checks that the
// token's session still exists.
import { isAuthRetryableFetchError } from "@supabase/supabase-js";
import { type AccessTokenClaims, decodeAccessTokenClaims } from "./claims.ts";
import { tokenCheckerClient } from "./supabase-clients.ts";

export interface SignedIn {
  userId: string;
  claims: AccessTokenClaims;
  accessToken: string;
}

/** The signed-in user behind an access token, or null when Auth rejects it (bad, expired, signed out, not a user). */
export async function verifyAccessToken(accessToken: string): Promise<SignedIn | null> {
  const { data, error } = await tokenCheckerClient().auth.getUser(accessToken);
  // Auth being unreachable is our failure, not the caller's: it must not read as "you are signed out".
  if (isAuthRetryableFetchError(error)) throw error;
  if (error || !data.user) return null;
  return { userId: data.user.id, claims: decodeAccessTokenClaims(accessToken), accessToken };
}
