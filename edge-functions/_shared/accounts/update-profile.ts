// The signed-in user changes their own names and username, as that user: RLS lets them touch only their own row, and
// the profile's protective trigger lets them change only these columns.
import type { AccessTokenClaims } from "../auth/index.ts";
import { asUser } from "../db/as-user.ts";
import { withRefusals } from "../db/refusals.ts";
import { DomainError } from "../errors.ts";
import type { updateProfileRequestSchema, User } from "./contract.ts";
import { profileColumns, profileRowSchema, userFromProfile } from "./profile.ts";
import type { z } from "zod";

type ProfileChanges = z.output<typeof updateProfileRequestSchema>;

/** The user as changed, or null when their profile is not visible to them. */
export async function updateProfile(claims: AccessTokenClaims, changes: ProfileChanges): Promise<User | null> {
  const columns = {
    ...(changes.username !== undefined && { username: changes.username }),
    ...(changes.firstName !== undefined && { first_name: changes.firstName }),
    ...(changes.lastName !== undefined && { last_name: changes.lastName }),
  };
  // Usernames are unique regardless of case; a race between two people taking one name leaves one of them refused.
  const [row] = await withRefusals(
    (found) => found.code === "23505" && found.constraint_name === "profiles_username_key"
      ? new DomainError("username_taken")
      : null,
    () => asUser(claims, (sql) => sql`
      update public.profiles set ${sql(columns)} where id = ${claims.sub} returning ${sql(profileColumns)}
    `),
  );
  return row ? userFromProfile(profileRowSchema.parse(row)) : null;
}
