// What the stack mailed, read through the mail catcher's Mailpit API (MAILPIT_URL; npm test sets it).
import { pollUntil } from "./bulk.ts";
import { requiredEnv } from "./stack.ts";

export interface Mail {
  id: string;
  subject: string;
  text: string;
  to: string[];
}

interface Summary {
  ID: string;
  Subject: string;
}

async function mailpit(path: string): Promise<unknown> {
  const response = await fetch(`${requiredEnv("MAILPIT_URL").replace(/\/+$/, "")}${path}`);
  if (!response.ok) throw new Error(`Mailpit answered ${response.status} to ${path}: ${await response.text()}`);
  return await response.json();
}

/** Every mail to the address, newest first, read whole. */
export async function mailsTo(address: string): Promise<Mail[]> {
  const { messages } = await mailpit(`/api/v1/search?query=${encodeURIComponent(`to:${address}`)}`) as {
    messages: Summary[];
  };
  return await Promise.all(messages.map(async ({ ID }) => {
    const message = await mailpit(`/api/v1/message/${ID}`) as { Subject: string; Text: string; To: { Address: string }[] };
    return { id: ID, subject: message.Subject, text: message.Text, to: message.To.map((to) => to.Address) };
  }));
}

/** Waits for a mail to the address that `matches`; the newest such. */
export async function waitForMail(address: string, matches: (mail: Mail) => boolean): Promise<Mail> {
  let found: Mail[] = [];
  return await pollUntil(async () => {
    found = await mailsTo(address);
    return found.find(matches);
  }, () => `the mail to ${address} did not arrive (${found.length} others did)`);
}

/** The mail's headers, each name with its one value. */
export async function headersOf(mail: Mail): Promise<Record<string, string>> {
  const headers = await mailpit(`/api/v1/message/${mail.id}/headers`) as Record<string, string[]>;
  return Object.fromEntries(Object.entries(headers).map(([name, [value]]) => [name, value ?? ""]));
}
