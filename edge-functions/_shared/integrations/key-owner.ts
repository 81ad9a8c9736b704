// A call made with an API key runs as the key's owner, exactly as their own signed-in request would: the
// authenticated role with claims naming them, so row level security and the meter apply as in the SPA. No sign-in
// token exists for such a call; the claims live only for the request.
import type { SignedIn } from "../auth/index.ts";

/** Long enough for one request's queries; nothing outside the request ever sees these claims. */
export const KEY_CLAIMS_SECONDS = 60;

export function keyOwner(userId: string, keyId: string, nowMs = Date.now()): SignedIn {
  return {
    userId,
    claims: {
      sub: userId,
      role: "authenticated",
      aud: "authenticated",
      exp: Math.floor(nowMs / 1000) + KEY_CLAIMS_SECONDS,
      // Lets SQL tell a key's call from the owner's own session, should a rule ever need to.
      api_key_id: keyId,
    },
    // There is no sign-in session to end or forget: the sub-app has no route that signs out or deletes the account.
    accessToken: "",
  };
}
