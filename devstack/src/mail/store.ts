// The catcher's inbox: every message Auth (SMTP) or the product (Resend's API) sent, newest first, in memory and
// bounded so a runaway sender cannot grow the dev stack without limit. Messages are kept in Mailpit's field names,
// so the read API can answer them as they are.
import { randomBytes } from "node:crypto";

export interface Address {
  Name: string;
  Address: string;
}

export interface StoredMessage {
  ID: string;
  MessageID: string;
  Read: boolean;
  From: Address;
  To: Address[];
  Cc: Address[];
  Bcc: Address[];
  ReplyTo: Address[];
  Subject: string;
  /** When the catcher received it (Mailpit's Created), ISO 8601. */
  Created: string;
  Tags: string[];
  Text: string;
  HTML: string;
  Headers: Record<string, string>;
  Size: number;
  /** How it arrived: "smtp" (Auth) or "resend" (the product's sender). */
  Source: "smtp" | "resend";
}

export type NewMessage = Omit<StoredMessage, "ID" | "Read" | "Created" | "MessageID" | "Size"> & {
  MessageID?: string;
  Size?: number;
};

export const DEFAULT_CAPACITY = 500;
const SNIPPET_LENGTH = 250;

/** Mailpit's IDs are 22-character URL-safe strings; the catcher's look the same. */
const newId = () => randomBytes(16).toString("base64url").slice(0, 22);

export class MailStore {
  /** Oldest first; the read API reverses. */
  readonly #messages: StoredMessage[] = [];

  constructor(readonly capacity = DEFAULT_CAPACITY) {}

  add(message: NewMessage): StoredMessage {
    const ID = newId();
    const stored: StoredMessage = {
      ...message,
      ID,
      MessageID: message.MessageID || `${ID}@mailscout.devstack`,
      Read: false,
      Created: new Date().toISOString(),
      Size: message.Size ?? Buffer.byteLength(message.Text) + Buffer.byteLength(message.HTML),
    };
    this.#messages.push(stored);
    if (this.#messages.length > this.capacity) this.#messages.splice(0, this.#messages.length - this.capacity);
    return stored;
  }

  /** Newest first. */
  list(): StoredMessage[] {
    return [...this.#messages].reverse();
  }

  get(id: string): StoredMessage | undefined {
    return this.#messages.find((message) => message.ID === id);
  }

  /** Deletes the messages named, or all of them; answers how many went. */
  delete(ids?: string[]): number {
    const before = this.#messages.length;
    if (ids === undefined) this.#messages.length = 0;
    else {
      const doomed = new Set(ids);
      const kept = this.#messages.filter((message) => !doomed.has(message.ID));
      this.#messages.splice(0, this.#messages.length, ...kept);
    }
    return before - this.#messages.length;
  }
}

/** Mailpit's snippet: the start of the text part with its whitespace collapsed (the HTML's text when there is none). */
export function snippetOf(message: Pick<StoredMessage, "Text" | "HTML">): string {
  const text = message.Text || htmlToText(message.HTML);
  const collapsed = text.replace(/\s+/g, " ").trim();
  return collapsed.length > SNIPPET_LENGTH ? `${collapsed.slice(0, SNIPPET_LENGTH)}...` : collapsed;
}

function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

/**
 * Mailpit's search, the part tests need: space-separated terms, each `to:`, `from:`, `subject:` or plain text
 * (matched against subject and body), all of which must match, case-insensitively.
 */
export function matchesSearch(message: StoredMessage, query: string): boolean {
  const terms = query.match(/(?:[^\s"]+|"[^"]*")+/g) ?? [];
  return terms.every((raw) => {
    const term = raw.replaceAll('"', "").toLowerCase();
    const [, field, value = ""] = /^(to|from|subject|cc|bcc):(.*)$/.exec(term) ?? [];
    const anyAddress = (addresses: Address[]) =>
      addresses.some((a) => a.Address.toLowerCase().includes(value) || a.Name.toLowerCase().includes(value));
    switch (field) {
      case "to":
        return anyAddress(message.To);
      case "cc":
        return anyAddress(message.Cc);
      case "bcc":
        return anyAddress(message.Bcc);
      case "from":
        return anyAddress([message.From]);
      case "subject":
        return message.Subject.toLowerCase().includes(value);
      default:
        return `${message.Subject}\n${message.Text}\n${message.HTML}`.toLowerCase().includes(term);
    }
  });
}
