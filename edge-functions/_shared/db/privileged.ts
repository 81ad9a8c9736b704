// The only queries the api runs past RLS, on the connection's own (table owner) role. Each is needed before anyone is
// signed in, so there is no user to run them as, and each answers the least it can: a yes/no or one address.
// Keep this module small; everything else goes through asUser().
//
// Both read public.profiles, whose email mirrors auth.users.email (a trigger keeps them in step) and whose unique
// indexes on lower(username) and lower(email) serve these case-insensitive lookups.
import { database } from "./pool.ts";

export interface RegistrationConflicts {
  usernameTaken: boolean;
  emailTaken: boolean;
}

/** Whether a username or an email address is already in use, ignoring case. */
export async function findRegistrationConflicts(username: string, email: string): Promise<RegistrationConflicts> {
  const [row] = await database()<RegistrationConflicts[]>`
    select
      exists (select from public.profiles where lower(username) = lower(${username})) as "usernameTaken",
      exists (select from public.profiles where lower(email) = lower(${email})) as "emailTaken"
  `;
  if (!row) throw new Error("Registration conflict check returned no row");
  return row;
}

/**
 * The address Auth knows a user by, given what they typed at login: their username or their email address, either in
 * any case. Null when nobody matches. Usernames cannot contain "@", so the two never match different users.
 */
export async function findSignInEmail(usernameOrEmail: string): Promise<string | null> {
  const [row] = await database()<{ email: string }[]>`
    select email
    from public.profiles
    where email is not null
      and (lower(username) = lower(${usernameOrEmail}) or lower(email) = lower(${usernameOrEmail}))
    limit 1
  `;
  return row?.email ?? null;
}
