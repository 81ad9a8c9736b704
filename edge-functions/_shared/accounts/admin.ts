// Whether the signed-in user is an admin, asked of the database as that user: private.is_admin() reads their own
// profile, so the answer is the one every RLS policy for admins gives.
import type { AccessTokenClaims } from "../auth/index.ts";
import { asUser } from "../db/as-user.ts";

export async function isAdmin(claims: AccessTokenClaims): Promise<boolean> {
  const [row] = await asUser(claims, (sql) => sql<{ isAdmin: boolean }[]>`select private.is_admin() as "isAdmin"`);
  return row?.isAdmin ?? false;
}
