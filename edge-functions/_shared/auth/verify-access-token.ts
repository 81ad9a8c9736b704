// Who is calling: a bearer token counts only if Supabase Auth accepts it. Checking the signature locally would keep
// accepting a token after its session was signed out; auth.getUser(jwt) asks Auth, which also checks that the token's
// session still exists.
//
// Asking costs a round trip to Auth, and Auth's two queries, on every request: most of what a signed-in validation
// costs. So an instance remembers a token Auth accepted for a short while, until REMEMBER_MS from now or the token's
// own expiry, whichever is first. The trade: a token whose session ends elsewhere (signed out through another
// instance, or through Auth directly; its user deleted) is still accepted here for at most REMEMBER_MS. Signing out
// through this instance (accounts/logout.ts) forgets the token at once. A rejection is never remembered.
import { isAuthRetryableFetchError } from "@supabase/supabase-js";
import { ExpiringCache } from "../expiring-cache.ts";
import { type AccessTokenClaims, decodeAccessTokenClaims } from "./claims.ts";
import { tokenCheckerClient } from "./supabase-clients.ts";

export interface SignedIn {
  userId: string;
  claims: AccessTokenClaims;
  accessToken: string;
}

export const REMEMBER_MS = 30_000;
// Tokens are about 1 KB, so this bounds the memory at a few MB. An instance rarely sees this many users within
// REMEMBER_MS; when it does, the least recently used one goes and costs one more question to Auth.
export const REMEMBERED_TOKENS = 2_000;

export interface AccessTokenVerifier {
  /** The signed-in user behind an access token, or null when it is not a user's token or Auth rejects it. */
  verify(accessToken: string): Promise<SignedIn | null>;
  /** Stops accepting the token without asking Auth again: its session has just been ended. */
  forget(accessToken: string): void;
}

export interface AccessTokenVerifierOptions {
  /** The id of the user Auth says the token belongs to, or null when Auth rejects it; throws when Auth is unreachable. */
  askAuth: (accessToken: string) => Promise<string | null>;
  now?: () => number;
  rememberMs?: number;
  capacity?: number;
}

export function createAccessTokenVerifier(options: AccessTokenVerifierOptions): AccessTokenVerifier {
  const now = options.now ?? Date.now;
  const rememberMs = options.rememberMs ?? REMEMBER_MS;
  const remembered = new ExpiringCache<string, SignedIn>(options.capacity ?? REMEMBERED_TOKENS);
  // Requests carrying the same token at the same time share one question. A check is only remembered while it is
  // still the one listed here: forget() removes it, so an answer Auth gave before a sign-out is not kept after it.
  const inFlight = new Map<string, Promise<SignedIn | null>>();

  async function ask(accessToken: string, claims: AccessTokenClaims): Promise<SignedIn | null> {
    const userId = await options.askAuth(accessToken);
    return userId === null ? null : deepFreeze({ userId, claims, accessToken });
  }

  return {
    verify(accessToken) {
      const known = remembered.get(accessToken, now());
      if (known) return Promise.resolve(known);
      let claims: AccessTokenClaims;
      try {
        claims = decodeAccessTokenClaims(accessToken);
      } catch {
        // No user in it (the anon API key, which supabase-js sends by default) or not a JWT: Auth would refuse it.
        return Promise.resolve(null);
      }
      let pending = inFlight.get(accessToken);
      if (!pending) {
        const check = ask(accessToken, claims);
        pending = check;
        inFlight.set(accessToken, check);
        const settle = (signedIn: SignedIn | null) => {
          if (inFlight.get(accessToken) !== check) return;
          inFlight.delete(accessToken);
          const expiresAtMs = Math.min(claims.exp * 1000, now() + rememberMs);
          if (signedIn && expiresAtMs > now()) remembered.set(accessToken, signedIn, expiresAtMs);
        };
        check.then(settle, () => settle(null));
      }
      return pending;
    },
    forget(accessToken) {
      remembered.delete(accessToken);
      inFlight.delete(accessToken);
    },
  };
}

/** The answer is shared by every request that carries the token: none may change what the next one sees. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

async function askSupabaseAuth(accessToken: string): Promise<string | null> {
  const { data, error } = await tokenCheckerClient().auth.getUser(accessToken);
  // Auth being unreachable is our failure, not the caller's: it must not read as "you are signed out".
  if (isAuthRetryableFetchError(error)) throw error;
  if (error || !data.user) return null;
  return data.user.id;
}

let verifier: AccessTokenVerifier | undefined;

function instanceVerifier(): AccessTokenVerifier {
  verifier ??= createAccessTokenVerifier({ askAuth: askSupabaseAuth });
  return verifier;
}

/**
 * The signed-in user behind an access token, or null: a token that names no user (told apart without asking Auth),
 * or one Auth rejects (bad, expired, signed out).
 */
export function verifyAccessToken(accessToken: string): Promise<SignedIn | null> {
  return instanceVerifier().verify(accessToken);
}

/** This instance stops accepting the token at once; call it once its session has ended. */
export function forgetAccessToken(accessToken: string): void {
  instanceVerifier().forget(accessToken);
}
