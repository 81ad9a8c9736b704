// The signed-in user's own profile, read as that user: RLS, not this code, decides that they may see it.
import type { AccessTokenClaims } from "../auth/index.ts";
import type { User } from "./contract.ts";
import { asUser } from "../db/as-user.ts";
import { profileColumns, profileRowSchema, userFromProfile } from "./profile.ts";

/** The user the claims belong to, or null when their profile is not visible to them. */
export async function readCurrentUser(claims: AccessTokenClaims): Promise<User | null> {
  const [row] = await asUser(claims, (sql) => sql`
    select ${sql(profileColumns)} from public.profiles where id = ${claims.sub}
  `);
  return row ? userFromProfile(profileRowSchema.parse(row)) : null;
}
