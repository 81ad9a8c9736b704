// Changing the account's email goes to Supabase Auth itself (updateUser), which applies it only once the links it
// mails are followed: to the new address and, with secure email change on, to the current one as well.
import { AuthError } from "@supabase/supabase-js";
import { supabase } from "@/lib/supabase";

export class EmailChangeError extends Error {}

/** Asks Auth to change the email; resolves to the address awaiting confirmation. */
export async function requestEmailChange(newEmail: string): Promise<string> {
  // The links bring the person back to this site; Auth refuses any other origin.
  const { data, error } = await supabase.auth.updateUser({ email: newEmail }, { emailRedirectTo: `${window.location.origin}/` });
  if (error) throw new EmailChangeError(describe(error));
  return data.user.new_email ?? newEmail;
}

function describe(error: AuthError): string {
  switch (error.code) {
    // Says no more than that the address can't be used: which addresses have accounts is not ours to tell.
    case "email_exists":
      return "This email address can't be used for your account. Please try another one.";
    // Auth's own words name the wait ("you can only request this after 42 seconds").
    case "over_email_send_rate_limit":
      return error.message;
    case "validation_failed":
      return "Please enter a valid email address.";
    default:
      return "The email could not be changed. Please try again in a moment.";
  }
}
