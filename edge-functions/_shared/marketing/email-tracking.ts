// What a campaign email's links do, with no sign-in: the open pixel, the click redirect to the link stored at send
// time, and the one-click unsubscribe (RFC 8058). A token is 32 random bytes, base64url; anything else names nobody.
import { DomainError } from "../errors.ts";
import { absoluteLink } from "./site.ts";
import { emailClick, emailOpen, emailRecipientState, emailUnsubscribe } from "./privileged.ts";

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const LINK_NO = /^(0|[1-9][0-9]{0,5})$/;

/** The 1×1 transparent GIF the open pixel answers, known or not: the pixel reveals nothing. */
export const PIXEL_GIF = Uint8Array.from(atob("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"), (c) => c.charCodeAt(0));

export const UNSUBSCRIBED_MESSAGE = "You have been unsubscribed from marketing emails.";

export async function recordEmailOpen(token: string | undefined): Promise<void> {
  if (token && TOKEN.test(token)) await emailOpen(token);
}

/** Records the recipient's click and answers the link it stands for. */
export async function followEmailLink(token: string | undefined, linkNo: string | undefined): Promise<string> {
  if (!token || !TOKEN.test(token) || !linkNo || !LINK_NO.test(linkNo)) throw new DomainError("email_link_not_found");
  const stored = await emailClick(token, Number(linkNo));
  if (!stored) throw new DomainError("email_link_not_found");
  return absoluteLink(stored);
}

/** Suppresses the recipient's address for good; a second time changes nothing. */
export async function unsubscribeByToken(token: string | undefined): Promise<{ message: string }> {
  if (!token || !TOKEN.test(token) || !await emailUnsubscribe(token)) throw new DomainError("email_link_not_found");
  return { message: UNSUBSCRIBED_MESSAGE };
}

/** For the SPA's unsubscribe page: whether the link is good, and whether it was used already. */
export async function unsubscribeLinkState(token: string | undefined): Promise<{ valid: boolean; unsubscribed: boolean }> {
  const state = token && TOKEN.test(token) ? await emailRecipientState(token) : null;
  return { valid: state !== null, unsubscribed: state?.unsubscribed ?? false };
}
