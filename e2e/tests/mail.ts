// Reading what the stack mailed, through the mail catcher's Mailpit API (MAILPIT_URL; npm test sets it, and
// `npm start` prints the catcher's address), as a person would open their inbox.
import { expect } from "@playwright/test";

function mailpitUrl(): string {
  const url = process.env.MAILPIT_URL;
  if (!url) throw new Error("MAILPIT_URL is required, e.g. MAILPIT_URL=http://127.0.0.1:54324");
  return url;
}

type Summary = { ID: string; Subject: string };

/** The newest mail to `address`, once it has arrived. */
export async function newestMailTo(address: string): Promise<{ subject: string; text: string }> {
  let found: Summary | undefined;
  await expect(async () => {
    const response = await fetch(`${mailpitUrl()}/api/v1/search?query=${encodeURIComponent(`to:${address}`)}`);
    const { messages } = (await response.json()) as { messages: Summary[] };
    found = messages[0];
    expect(found, `a mail to ${address}`).toBeDefined();
  }).toPass({ timeout: 10_000 });
  const message = (await (await fetch(`${mailpitUrl()}/api/v1/message/${found!.ID}`)).json()) as { Subject: string; Text: string };
  return { subject: message.Subject, text: message.Text };
}

/** The first http(s) link in a mail's text. */
export function firstLink(text: string): string {
  const link = /https?:\/\/\S+/.exec(text)?.[0];
  if (!link) throw new Error(`no link in the mail: ${text}`);
  return link;
}

/** Every mail to `address` with `subject` in its subject, newest first, with its id for headers(). */
export async function mailsTo(address: string, subject: string): Promise<Summary[]> {
  const query = encodeURIComponent(`to:${address} subject:"${subject}"`);
  const response = await fetch(`${mailpitUrl()}/api/v1/search?query=${query}`);
  return ((await response.json()) as { messages: Summary[] }).messages;
}

/** A mail's headers, one value each (as sent). */
export async function mailHeaders(id: string): Promise<Record<string, string>> {
  const headers = (await (await fetch(`${mailpitUrl()}/api/v1/message/${id}/headers`)).json()) as Record<string, string[]>;
  return Object.fromEntries(Object.entries(headers).map(([name, values]) => [name.toLowerCase(), values[0] ?? ""]));
}
