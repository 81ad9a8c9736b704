// How Supabase Auth's answers read in account terms. Auth signals these through error codes and statuses
// (see GoTrue's token.go and logout.go).
import { isAuthApiError, isAuthSessionMissingError } from "@supabase/supabase-js";

/** Auth's answer to a password sign-in with an unknown address or a wrong password: the two are indistinguishable. */
export function isWrongCredentials(error: unknown): boolean {
  return isAuthApiError(error) && error.code === "invalid_credentials";
}

/**
 * Auth's answer to ending a session that is already gone (signed out meanwhile, user deleted). supabase-js's own
 * signOut treats these statuses as success; so does logout, which only promises the session is over.
 */
export function isSessionAlreadyEnded(error: unknown): boolean {
  if (isAuthSessionMissingError(error)) return true;
  return isAuthApiError(error) && [401, 403, 404].includes(error.status);
}
