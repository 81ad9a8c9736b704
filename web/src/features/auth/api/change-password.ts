// Changing the password goes to Supabase Auth itself (updateUser); then every other session of the account is ended,
// so a device left signed in elsewhere (or a session someone else holds) needs the new password.
import type { AuthError } from "@supabase/supabase-js";
import { useMutation } from "@tanstack/react-query";
import { supabase } from "@/lib/supabase";

export class PasswordChangeError extends Error {}

export async function changePassword(password: string): Promise<void> {
  const { error } = await supabase.auth.updateUser({ password });
  if (error) throw new PasswordChangeError(describe(error));
  const signedOut = await supabase.auth.signOut({ scope: "others" });
  if (signedOut.error) {
    throw new PasswordChangeError("Your password was changed, but other devices could not be signed out. Please try again.");
  }
}

function describe(error: AuthError): string {
  switch (error.code) {
    // Auth's own words name the rule (too short, too common, the username as the password).
    case "weak_password":
    case "validation_failed":
      return error.message;
    case "same_password":
      return "The new password must be different from the current one.";
    default:
      return "The password could not be changed. Please try again in a moment.";
  }
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
