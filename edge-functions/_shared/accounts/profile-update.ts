// A person edits their own profile, as themselves: the column grants and the update policy decide that they may, and
// profile_protection that only the username, names and picture move. The username follows the registration rule
// (the contract, then profiles_username_format); another account's name, in any case, is refused.
import type { AccessTokenClaims } from "../auth/index.ts";
import { asUser } from "../db/as-user.ts";
import { databaseError } from "../db/refusals.ts";
import { DomainError } from "../errors.ts";
import type { UpdateProfileRequest, User } from "./contract.ts";
import { profileColumns, profileRowSchema, userFromProfile } from "./profile.ts";

export async function updateProfile(claims: AccessTokenClaims, change: UpdateProfileRequest): Promise<User> {
  const columns = {
    ...(change.username === undefined ? {} : { username: change.username }),
    ...(change.firstName === undefined ? {} : { first_name: change.firstName }),
    ...(change.lastName === undefined ? {} : { last_name: change.lastName }),
  };
  try {
    const [row] = await asUser(claims, (sql) => sql`
      update public.profiles set ${sql(columns)} where id = ${claims.sub} returning ${sql(profileColumns)}
    `);
    if (!row) throw new DomainError("user_not_found");
    return userFromProfile(profileRowSchema.parse(row));
  } catch (error) {
    const found = databaseError(error);
    if (found?.code === "23505" && found.constraint_name === "profiles_username_key") {
      throw new DomainError("username_taken");
    }
    throw error;
  }
}
