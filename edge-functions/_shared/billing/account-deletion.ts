// A person deletes their own account. The Auth user goes through Auth's admin API, as any Supabase app removes one, and
// the database follows it: the profile and every personal row (contacts, lists, bulk jobs, tickets, usage, grants)
// go with it by their foreign keys' cascade, while payments and subscriptions stay, without the user (their user_id
// set null), because the money received must stay on the books. The caller types their username again to confirm.
import { readCurrentUser } from "../accounts/index.ts";
import { authAdminClient, forgetAccessToken, type SignedIn } from "../auth/index.ts";
import { DomainError } from "../errors.ts";

export async function deleteAccount(signedIn: SignedIn, confirmUsername: string): Promise<void> {
  const { claims, accessToken } = signedIn;
  const user = await readCurrentUser(claims);
  if (!user) throw new DomainError("user_not_found");
  // Usernames are unique whatever their case, and sign-in ignores it, so the confirmation does too.
  if (user.username.toLowerCase() !== confirmUsername.toLowerCase()) throw new DomainError("confirmation_mismatch");
  const { error } = await authAdminClient().auth.admin.deleteUser(claims.sub);
  if (error) throw new Error(`Auth refused to delete user ${claims.sub}`, { cause: error });
  // The sessions went with the user; this instance stops accepting the token at once (others within seconds).
  forgetAccessToken(accessToken);
}
