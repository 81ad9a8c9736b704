// Reading SMTP replies from a byte stream: a reply is one or more lines starting with the same three-
// digit code, "250-" on every line but the last, "250 " (or the bare code) on the last. Servers in the wild are loose
// about it (bare LF line ends, trailing spaces, a missing space after the final code), so the reader is too, but it
// bounds what it keeps: a server must not make the probe hold megabytes of "250-" lines.
import { SMTP_REPLY_TEXT_MAX, type SmtpReply } from "./contract.ts";

/** A reply as read: the contract's shape, plus each line's text (EHLO's extensions are its lines). */
export interface ReadReply extends SmtpReply {
  lines: string[];
}

/** Where replies come from: Deno.Conn and Deno.TlsConn read like this. */
export interface ByteSource {
  read(into: Uint8Array): Promise<number | null>;
}

/** The server broke the protocol: a line that isn't a reply, one far too long, or a reply that never ends. */
export class SmtpProtocolError extends Error {
  override name = "SmtpProtocolError";
}

/** The server closed the connection before a whole reply came. */
export class SmtpConnectionClosed extends Error {
  override name = "SmtpConnectionClosed";
}

/** The SMTP standard allows 512 octets per reply line; a little slack for servers that overrun it. */
export const MAX_LINE_BYTES = 2_048;
/** Far more than any EHLO lists; a reply longer than this is a server misbehaving. */
export const MAX_REPLY_LINES = 64;

const LINE = /^(\d{3})([ -]?)(.*)$/s;
/** RFC 3463: class.subject.detail, the class matching the reply code's first digit. */
const ENHANCED = /^([245])\.(\d{1,3})\.(\d{1,3})(?=\s|$)/;

/** One reply from its lines (without line ends), as a server sent them. */
export function parseReply(rawLines: readonly string[]): ReadReply {
  if (rawLines.length === 0) throw new SmtpProtocolError("an empty reply");
  const parsed = rawLines.map((raw) => {
    const match = LINE.exec(raw.trimEnd());
    if (!match) throw new SmtpProtocolError(`not an SMTP reply line: ${JSON.stringify(raw.slice(0, 80))}`);
    return { code: Number(match[1]), text: match[3]!.trim() };
  });
  const code = parsed.at(-1)!.code;
  if (code < 200 || code > 599) throw new SmtpProtocolError(`reply code ${code} is outside 2xx-5xx`);
  let enhancedCode: string | null = null;
  const lines = parsed.map(({ text }) => {
    const enhanced = ENHANCED.exec(text);
    if (!enhanced || Number(enhanced[1]) !== Math.floor(code / 100)) return text;
    enhancedCode ??= `${enhanced[1]}.${Number(enhanced[2])}.${Number(enhanced[3])}`;
    return text.slice(enhanced[0].length).trim();
  });
  const text = lines.filter((line) => line !== "").join(" ").replace(/\s+/g, " ").slice(0, SMTP_REPLY_TEXT_MAX);
  return { code, enhancedCode, text, lines };
}

/** Whether a reply line is the last of its reply: "250 text", or the bare "250". */
function isLastLine(line: string): boolean {
  return line.length <= 3 || line[3] !== "-";
}

/** Reads replies off a connection, keeping whatever came after a line for the next read. */
export class ReplyReader {
  #source: ByteSource;
  #pending = new Uint8Array(0);
  #decoder = new TextDecoder();

  constructor(source: ByteSource) {
    this.#source = source;
  }

  /** Bytes received and not read yet. After STARTTLS's 220 there must be none: anything there came unprotected. */
  get buffered(): number {
    return this.#pending.length;
  }

  async readReply(): Promise<ReadReply> {
    const lines: string[] = [];
    while (lines.length < MAX_REPLY_LINES) {
      const line = await this.#readLine();
      lines.push(line);
      if (isLastLine(line)) return parseReply(lines);
    }
    throw new SmtpProtocolError(`a reply of more than ${MAX_REPLY_LINES} lines`);
  }

  async #readLine(): Promise<string> {
    for (;;) {
      const end = this.#pending.indexOf(0x0a);
      if (end >= 0) {
        const line = this.#pending.subarray(0, end);
        this.#pending = this.#pending.slice(end + 1);
        return this.#decoder.decode(line).replace(/\r$/, "");
      }
      if (this.#pending.length > MAX_LINE_BYTES) {
        throw new SmtpProtocolError(`a reply line longer than ${MAX_LINE_BYTES} bytes`);
      }
      const chunk = new Uint8Array(4_096);
      const count = await this.#source.read(chunk);
      if (count === null) throw new SmtpConnectionClosed("the server closed the connection");
      const joined = new Uint8Array(this.#pending.length + count);
      joined.set(this.#pending);
      joined.set(chunk.subarray(0, count), this.#pending.length);
      this.#pending = joined;
    }
  }
}
