// The emails to a key's owner, in words: which key (its name and shown prefix, never more of it), what happened or
// will, what their calls will be answered, and where to make a new key.
export interface NoticeEmail {
  subject: string;
  text: string;
}

export interface RevokedKeyNotice {
  to: string;
  keyName: string;
  keyPrefix: string;
}

const signature = "\n\nMailScout";

function keysPage(siteUrl: string): string {
  return `${siteUrl.replace(/\/+$/, "")}/account/api-keys`;
}

/** The email to a key's owner after an admin revoked the key. */
export function revokedKeyEmail(notice: Omit<RevokedKeyNotice, "to">, siteUrl: string): NoticeEmail {
  return {
    subject: "Your MailScout API key was revoked",
    text: `An administrator revoked your API key "${notice.keyName}" (${notice.keyPrefix}…). ` +
      `Calls made with it are now refused with 401 "API key revoked".\n\n` +
      `If you still need API access, create a new key: ${keysPage(siteUrl)}${signature}`,
  };
}

/** The email to a key's owner API_KEY_EXPIRY_NOTICE_DAYS (or fewer) days before the key expires. */
export function expiringKeyEmail(notice: { keyName: string; keyPrefix: string; expiresAt: Date }, siteUrl: string): NoticeEmail {
  const when = notice.expiresAt.toISOString().slice(0, 16).replace("T", " ");
  return {
    subject: "Your MailScout API key expires soon",
    text: `Your API key "${notice.keyName}" (${notice.keyPrefix}…) expires on ${when} UTC. ` +
      `Calls made with it after that are refused with 401 "API key expired".\n\n` +
      `Rotate it or create a new key before then: ${keysPage(siteUrl)}${signature}`,
  };
}

