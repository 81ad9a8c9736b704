// A role account names a function (info@, sales@, noreply@), not a person: mail is read by whoever staffs it, if
// anyone, and lists that mail such addresses see more complaints. The list comes from role-based-email-addresses.
import { roleLocalParts } from "./lists.ts";

/** Separators people vary freely ("no-reply", "no_reply", "no.reply", "noreply" are the same role). */
const SEPARATORS = /[._-]/g;

const foldSeparators = (name: string) => name.replace(SEPARATORS, "");

/** Every listed role with its separators removed: one Set lookup then covers the name as written and its variants. */
const foldedRoleLocalParts: ReadonlySet<string> = new Set([...roleLocalParts].map(foldSeparators));

/**
 * Whether the local part names a role. Case is ignored and a "+tag" sub-address is dropped first (RFC 5233:
 * "support+billing" is still support@), then the name is compared with its separators removed.
 */
export function isRoleAccount(local: string): boolean {
  const plus = local.indexOf("+");
  const mailbox = plus < 0 ? local : local.slice(0, plus);
  return mailbox !== "" && foldedRoleLocalParts.has(foldSeparators(mailbox.toLowerCase()));
}
