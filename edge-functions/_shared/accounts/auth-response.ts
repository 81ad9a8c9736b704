// What register and login answer: the user, read as that user through their new session, plus the session itself.
import type { Session as AuthSession } from "@supabase/supabase-js";
import { decodeAccessTokenClaims } from "../auth/index.ts";
import type { AuthResponse } from "./contract.ts";
import { readCurrentUser } from "./current-user.ts";
import { sessionForClient } from "./session.ts";

export async function authResponseFor(session: AuthSession): Promise<AuthResponse> {
  // The token comes straight from Auth's answer, so its claims need no second check.
  const user = await readCurrentUser(decodeAccessTokenClaims(session.access_token));
  // The database trigger creates the profile with the auth user; its absence is a broken deployment, not bad input.
  if (!user) throw new Error(`User ${session.user.id} has no profile visible to them`);
  return { ...user, session: sessionForClient(session) };
}
