// The inbox an address reaches, exactly as public.email_key computes it (migration contact_email_key): trimmed of ASCII
// white space and lower-cased; for gmail.com and googlemail.com only, the local part loses its dots and everything from
// the first '+', and the domain becomes gmail.com (Google delivers all of those to one mailbox). Other providers may
// tell dots and tags apart, so their addresses keep them. testing/email-key-cases.json holds both to the same answers.

const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);
/** What PostgreSQL's btrim is given: ASCII white space only, as String.prototype.trim would strip more. */
const EDGE_WHITE_SPACE = /^[ \t\n\r\v\f]+|[ \t\n\r\v\f]+$/g;

export function emailKey(email: string): string {
  const address = email.replace(EDGE_WHITE_SPACE, "").toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 0 || !GMAIL_DOMAINS.has(address.slice(at + 1))) return address;
  const local = address.slice(0, at).split("+")[0] ?? "";
  return `${local.replaceAll(".", "")}@gmail.com`;
}
