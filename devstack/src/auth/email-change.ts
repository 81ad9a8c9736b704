// GoTrue's email change (internal/api/mail.go sendEmailChange, verify.go emailChangeVerify): PUT /user with a new
// email stores it as email_change with a token per address and mails the links; the change applies only once the
// links are followed (with secure email change, the one sent to the new address and the one sent to the old).
// Tokens are GoTrue's: a 6-digit OTP, stored as sha224(address + otp) in hex, which is also the link's token.
import { createHash, randomInt } from "node:crypto";
import { type Db, isUniqueViolation } from "./db.ts";
import { AuthApiError, forbidden, unexpectedFailure } from "./errors.ts";
import { escapeHtml } from "../mail/inbox-page.ts";
import type { AuthEmailSettings } from "./mailer.ts";
import type { UserRow } from "./users.ts";

const OTP_DIGITS = 6;
const TOKEN_HASH = /^[0-9a-f]{56}$/;

export const tokenHash = (address: string, otp: string): string =>
  createHash("sha224").update(address + otp).digest("hex");

const newOtp = () => String(randomInt(0, 10 ** OTP_DIGITS)).padStart(OTP_DIGITS, "0");

// verify.go: only applicable with secure email change, after the first of the two links.
export const SINGLE_CONFIRMATION_ACCEPTED =
  "Confirmation link accepted. Please proceed to confirm link sent to the other email";

export const linkInvalid = () => forbidden("otp_expired", "Email link is invalid or has expired");

/** GoTrue's GetReferrer: a redirect_to on the site's origin is honoured; anything else falls back to the site. */
export function allowedRedirect(settings: Pick<AuthEmailSettings, "siteUrl">, redirectTo: string | undefined): string {
  if (redirectTo) {
    try {
      if (new URL(redirectTo).origin === new URL(settings.siteUrl).origin) return redirectTo;
    } catch {
      // Not a URL: the site it is.
    }
  }
  return settings.siteUrl;
}

/** The default template (templatemailer.go defaultEmailChangeMail), in HTML and text. */
function changeMail(to: string, currentEmail: string, newEmail: string, link: string) {
  const forOldAddress = to !== newEmail;
  const explanation = forOldAddress
    ? `Someone asked to change the email address of your account from ${currentEmail} to ${newEmail}. Follow the link below to confirm the change.`
    : `Follow the link below to confirm ${newEmail} as your new email address.`;
  return {
    to,
    subject: "Confirm your new email address",
    html:
      `<h2>Confirm your new email address</h2>\n<p>${escapeHtml(explanation)}</p>\n` +
      `<p><a href="${escapeHtml(link)}">Confirm new email address</a></p>\n` +
      "<p>If you didn't request this change, you can safely ignore this email.</p>",
    text: `${explanation}\n\n${link}\n\nIf you didn't request this change, you can safely ignore this email.`,
  };
}

/**
 * Stores the pending change and mails its links, inside the caller's transaction: a mail that cannot be sent rolls
 * the change back (GoTrue answers 500 "Error sending email change email").
 */
export async function requestEmailChange(
  tx: Db,
  settings: AuthEmailSettings,
  user: UserRow,
  newEmail: string,
  redirectTo: string | undefined,
): Promise<void> {
  if (user.email_change_sent_at) {
    const waitMs = user.email_change_sent_at.getTime() + settings.maxFrequencySeconds * 1000 - Date.now();
    if (waitMs > 0) {
      throw new AuthApiError(
        429,
        "over_email_send_rate_limit",
        `For security purposes, you can only request this after ${Math.ceil(waitMs / 1000)} seconds.`,
      );
    }
  }
  const currentEmail = user.email ?? "";
  const tokenNew = tokenHash(newEmail, newOtp());
  const tokenCurrent = settings.secureEmailChange && currentEmail !== "" ? tokenHash(currentEmail, newOtp()) : "";

  await tx`
    update auth.users
    set email_change = ${newEmail}, email_change_token_new = ${tokenNew}, email_change_token_current = ${tokenCurrent},
      email_change_confirm_status = 0, email_change_sent_at = now(), updated_at = now()
    where id = ${user.id}`;

  const redirect = allowedRedirect(settings, redirectTo);
  const link = (token: string) =>
    `${settings.externalUrl}/verify?token=${encodeURIComponent(token)}&type=email_change&redirect_to=${encodeURIComponent(redirect)}`;
  const mails = [changeMail(newEmail, currentEmail, newEmail, link(tokenNew))];
  if (tokenCurrent !== "") mails.push(changeMail(currentEmail, currentEmail, newEmail, link(tokenCurrent)));
  try {
    await Promise.all(mails.map((mail) => settings.mailer.send(mail)));
  } catch (error) {
    throw unexpectedFailure("Error sending email change email", error);
  }
}

export type EmailChangeOutcome = { applied: false } | { applied: true; userId: string };

/**
 * Follows one link. With secure change and nothing confirmed yet, it only spends that link's token; otherwise it
 * applies the change: the email, the email identity (email_verified) and a confirmed address. Runs in the caller's
 * transaction; the user row is locked so two links followed at once cannot both count as the first.
 */
export async function confirmEmailChange(tx: Db, settings: AuthEmailSettings, token: string): Promise<EmailChangeOutcome> {
  // Only what tokenHash makes can match; anything else (a NUL byte Postgres would refuse) is not looked up.
  if (!TOKEN_HASH.test(token)) throw linkInvalid();
  const [user] = await tx<UserRow[]>`
    select * from auth.users
    where email_change_token_new = ${token} or email_change_token_current = ${token}
    for update`;
  if (!user) throw linkInvalid();
  if (user.banned_until && user.banned_until.getTime() > Date.now()) throw forbidden("user_banned", "User is banned");
  const sentAt = user.email_change_sent_at?.getTime() ?? 0;
  if (sentAt + settings.otpExpirySeconds * 1000 < Date.now()) throw linkInvalid();

  if (settings.secureEmailChange && user.email_change_confirm_status === 0 && (user.email ?? "") !== "") {
    const spent = token === user.email_change_token_current ? "email_change_token_current" : "email_change_token_new";
    await tx`
      update auth.users set email_change_confirm_status = 1, ${tx(spent)} = '', updated_at = now()
      where id = ${user.id}`;
    return { applied: false };
  }

  const newEmail = user.email_change ?? "";
  try {
    await tx`
      update auth.users
      set email = ${newEmail}, email_change = '', email_change_token_new = '', email_change_token_current = '',
        email_change_confirm_status = 0, email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
      where id = ${user.id}`;
  } catch (error) {
    // Someone else registered the address while the link waited.
    if (isUniqueViolation(error, "users_email_partial_key")) {
      throw new AuthApiError(422, "email_exists", "A user with this email address has already been registered");
    }
    throw error;
  }
  await tx`
    update auth.identities
    set identity_data = identity_data || jsonb_build_object('email', ${newEmail}::text, 'email_verified', true),
      updated_at = now()
    where user_id = ${user.id} and provider = 'email'`;
  return { applied: true, userId: user.id };
}
