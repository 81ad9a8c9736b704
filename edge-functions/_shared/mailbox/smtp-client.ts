// One SMTP conversation with one mail server, up to the point where a sender would name its recipients: connect,
// greeting, EHLO (HELO for servers that don't know it), STARTTLS when offered. Every step has its own timeout, and the
// caller's signal ends the conversation at once; either closes the connection, so nothing is left waiting on it.
//
// TLS is opportunistic, as between mail servers (RFC 3207, RFC 7435): the certificate is checked against the MX host's
// name (never the address connected to, which may be SMTP_PROBE_TARGET's), with the configured CAs added to the
// system's. A certificate that fails is recorded as `unverified` and the conversation goes on: a failed handshake
// leaves no usable connection, so it starts again without STARTTLS. The client has no way to send DATA or BDAT: a
// probe only asks, it never sends mail.
import type { TlsState } from "./contract.ts";
import { type ReadReply, ReplyReader } from "./reply.ts";

export interface SmtpEndpoint {
  hostname: string;
  port: number;
}

export interface ConversationOptions {
  /** Where to connect: an address checked by mx-targets.ts. */
  endpoint: SmtpEndpoint;
  /** The MX host's name, which the TLS certificate must be valid for. */
  serverName: string;
  /** The name given in EHLO/HELO. */
  helo: string;
  /** PEM certificates trusted beside the system's roots (SMTP_PROBE_CA_FILE). */
  caCerts?: string[];
  stepTimeoutMs: number;
  signal: AbortSignal;
}

/**
 * The server could not be talked to: no connection, a timeout, a closed connection, a broken protocol, or a greeting
 * or EHLO that refused us. `reply` is the server's refusal when there was one (a 554 greeting, a 421).
 */
export class SmtpHostFailure extends Error {
  override name = "SmtpHostFailure";
  constructor(message: string, readonly reply: ReadReply | null = null) {
    super(message);
  }
}

/** A step took longer than its timeout, or the probe's time ran out. */
export class SmtpStepTimeout extends SmtpHostFailure {
  override name = "SmtpStepTimeout";
}

const FORBIDDEN_COMMANDS = /^(DATA|BDAT)\b/i;

export class SmtpConversation {
  #conn: Deno.Conn;
  #reader: ReplyReader;
  #options: ConversationOptions;
  #tls: TlsState = "none";
  #extensions = new Set<string>();

  private constructor(conn: Deno.Conn, options: ConversationOptions) {
    this.#conn = conn;
    this.#reader = new ReplyReader(conn);
    this.#options = options;
  }

  /** How the conversation is protected, once open. */
  get tls(): TlsState {
    return this.#tls;
  }

  /** The EHLO keywords the server announced (upper-case), empty after a HELO. */
  get extensions(): ReadonlySet<string> {
    return this.#extensions;
  }

  /** Connects, reads the greeting, introduces itself and upgrades to TLS when the server offers it. */
  static async open(options: ConversationOptions): Promise<SmtpConversation> {
    const conversation = await SmtpConversation.#greeted(options);
    try {
      await conversation.#introduce();
      if (!conversation.#extensions.has("STARTTLS")) return conversation;
      if (await conversation.#startTls()) return conversation;
    } catch (error) {
      conversation.close();
      throw error;
    }
    // The handshake failed and took the connection with it: talk again, in the clear, as a mail server would.
    const plain = await SmtpConversation.#greeted(options);
    try {
      await plain.#introduce();
    } catch (error) {
      plain.close();
      throw error;
    }
    plain.#tls = "unverified";
    return plain;
  }

  static async #greeted(options: ConversationOptions): Promise<SmtpConversation> {
    const conn = await step(
      options,
      `connect to ${options.serverName}`,
      Deno.connect({ hostname: options.endpoint.hostname, port: options.endpoint.port, transport: "tcp" }),
      () => {},
      (late) => late.close(),
    );
    const conversation = new SmtpConversation(conn, options);
    try {
      const greeting = await conversation.#read("greeting");
      if (greeting.code !== 220) throw new SmtpHostFailure(`greeting ${greeting.code} ${greeting.text}`, greeting);
      return conversation;
    } catch (error) {
      conversation.close();
      throw error;
    }
  }

  async #introduce(): Promise<void> {
    const { helo } = this.#options;
    const ehlo = await this.send(`EHLO ${helo}`);
    if (ehlo.code === 250) {
      // The first line is the server's name; each later one an extension keyword and its parameters.
      this.#extensions = new Set(ehlo.lines.slice(1).map((line) => line.split(/\s+/)[0]!.toUpperCase()));
      return;
    }
    if (ehlo.code === 421) throw new SmtpHostFailure(`EHLO ${ehlo.code} ${ehlo.text}`, ehlo);
    const reply = await this.send(`HELO ${helo}`);
    if (reply.code !== 250) throw new SmtpHostFailure(`HELO ${reply.code} ${reply.text}`, reply);
    this.#extensions = new Set();
  }

  /** true when the conversation now runs over TLS with a verified certificate; false when the handshake failed. */
  async #startTls(): Promise<boolean> {
    const reply = await this.send("STARTTLS");
    if (reply.code !== 220) return true;
    // Bytes already waiting came before the handshake, unprotected: a man in the middle's injection (CVE-2011-0411).
    if (this.#reader.buffered > 0) throw new SmtpHostFailure("the server sent data before the TLS handshake");
    const { serverName, caCerts } = this.#options;
    try {
      const tlsConn = await Deno.startTls(this.#conn as Deno.TcpConn, { hostname: serverName, caCerts });
      this.#conn = tlsConn;
      await step(this.#options, "TLS handshake", tlsConn.handshake(), () => this.close());
    } catch (error) {
      this.close();
      // A server that stops answering is gone; one whose certificate or handshake fails is still there in the clear.
      if (error instanceof SmtpStepTimeout) throw error;
      return false;
    }
    this.#reader = new ReplyReader(this.#conn);
    this.#tls = "verified";
    // After STARTTLS the server forgets what it said before, so it is asked again (EHLO anew).
    await this.#introduce();
    return true;
  }

  /** Sends one command line and reads its reply. */
  async send(command: string): Promise<ReadReply> {
    if (/[\r\n]/.test(command)) throw new Error("an SMTP command must be one line");
    if (FORBIDDEN_COMMANDS.test(command)) throw new Error("a probe never sends mail");
    const bytes = new TextEncoder().encode(`${command}\r\n`);
    const verb = command.split(" ")[0]!;
    return await step(this.#options, verb, this.#writeAndRead(bytes), () => this.close());
  }

  async #writeAndRead(bytes: Uint8Array): Promise<ReadReply> {
    for (let written = 0; written < bytes.length;) written += await this.#conn.write(bytes.subarray(written));
    return await this.#reader.readReply();
  }

  async #read(what: string): Promise<ReadReply> {
    return await step(this.#options, what, this.#reader.readReply(), () => this.close());
  }

  /** QUIT politely, without waiting long for the answer, and close. */
  async quit(): Promise<void> {
    try {
      await this.send("QUIT");
    } catch {
      // The server may close without answering QUIT; the conversation is over either way.
    } finally {
      this.close();
    }
  }

  close(): void {
    try {
      this.#conn.close();
    } catch {
      // Already closed (by a timeout, or by the server).
    }
  }
}

/**
 * `work` within the step timeout and the caller's signal. When either ends first, `giveUp` closes the connection (so
 * the read waiting on it ends too), and a connection that arrives late is closed by `late`. Network errors, timeouts
 * and protocol errors all become SmtpHostFailure: the host could not be talked to, whatever the cause.
 */
function step<T>(
  options: Pick<ConversationOptions, "stepTimeoutMs" | "signal">,
  what: string,
  work: Promise<T>,
  giveUp: () => void,
  late: (value: T) => void = () => {},
): Promise<T> {
  const { stepTimeoutMs, signal } = options;
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
      outcome();
    };
    const stop = (message: string) =>
      finish(() => {
        giveUp();
        reject(new SmtpStepTimeout(message));
      });
    const timer = setTimeout(() => stop(`${what}: no answer within ${stepTimeoutMs} ms`), stepTimeoutMs);
    const onAbort = () => stop(`${what}: the probe's time ran out`);
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort);
    work.then(
      (value) => (settled ? late(value) : finish(() => resolve(value))),
      (error) => finish(() => reject(asHostFailure(what, error))),
    );
  });
}

function asHostFailure(what: string, error: unknown): unknown {
  if (error instanceof SmtpHostFailure || !(error instanceof Error)) return error;
  return new SmtpHostFailure(`${what}: ${error.message}`);
}
