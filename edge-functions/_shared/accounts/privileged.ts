// The accounts' queries that run past RLS, on the api's own connection: there is no user yet to run them as when
// someone registers or signs in, and the sign-in counters (migration *_sign_in_throttle.sql) are closed to every API
// role. Each answers the least it can.
import { database } from "../db/pool.ts";

// Both read public.profiles, whose email mirrors auth.users.email (a trigger keeps them in step) and whose unique
// indexes on lower(username) and lower(email) serve these case-insensitive lookups.

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
 * The address Auth knows a user by, given what they typed at login, in any case: with "@" it can only be an email
 * address and is matched against emails alone; without, it can only be a username (which never contains "@"). So a
 * username can never capture someone else's sign-in by being their address. Null when nobody matches.
 */
export async function findSignInEmail(usernameOrEmail: string): Promise<string | null> {
  const sql = database();
  const matches = usernameOrEmail.includes("@")
    ? sql`lower(email) = lower(${usernameOrEmail})`
    : sql`lower(username) = lower(${usernameOrEmail})`;
  const [row] = await sql<{ email: string }[]>`
    select email from public.profiles where email is not null and ${matches}
  `;
  return row?.email ?? null;
}

// Failed sign-ins, counted per submitted identifier and per client network by the SQL functions of the sign-in
// throttle, on the one limiter.

export interface SignInRefusal {
  refused_by: "identifier" | "network";
  max_hits: number;
  reset_seconds: number;
}

/** Why the identifier or the client's network may not sign in now, or null when both may. */
export async function readSignInRefusal(identifier: string, clientIp: string | null): Promise<SignInRefusal | null> {
  const [row] = await database()<SignInRefusal[]>`
    select * from private.sign_in_refusal(${identifier}, ${clientIp})
  `;
  return row ?? null;
}

/** Counts a failed sign-in against the identifier and the client's network (locking either that reaches its limit). */
export async function recordSignInFailure(identifier: string, clientIp: string | null): Promise<void> {
  await database()`select private.record_sign_in_failure(${identifier}, ${clientIp})`;
}

/** Forgets the identifier's failures once someone signed in with it. */
export async function clearSignInFailures(identifier: string): Promise<void> {
  await database()`select private.clear_sign_in_failures(${identifier})`;
}

// Signing in: a suspended account is refused even with the right password, and every sign-in is recorded for the
// admins' activity log (private.record_sign_in, closed to every API role).

export interface Suspension {
  until: Date;
  reason: string | null;
}

/** The account's suspension while it lasts, else null. */
export async function readSuspension(userId: string): Promise<Suspension | null> {
  const [row] = await database()<Suspension[]>`
    select suspended_until as until, suspension_reason as reason
    from public.profiles
    where id = ${userId} and suspended_until > now()
  `;
  return row ?? null;
}

export async function recordSignIn(userId: string, clientIp: string | null, userAgent: string | null): Promise<void> {
  await database()`select private.record_sign_in(${userId}, ${clientIp}::inet, ${userAgent})`;
}
