// A bare SMTP client for the fixture's tests: it writes commands and reads whole replies (multi-line ones included)
// over node:net, moves to TLS on request, and tells when the server closed the connection.
import { connect as connectTcp, type Socket } from "node:net";
import { connect as connectTls, type TLSSocket } from "node:tls";

export interface Reply {
  code: number;
  /** The reply's lines as sent, "250-PIPELINING" and so on. */
  lines: string[];
}

export class SmtpTestClient {
  #socket: Socket;
  #partial = "";
  #lines: string[] = [];
  #waiting: ((reply: Reply) => void)[] = [];
  readonly #onData = (chunk: Buffer) => this.#read(chunk.toString("latin1"));
  /** Settles once the server closed the connection (or it broke). */
  readonly closed: Promise<void>;

  private constructor(socket: Socket) {
    this.#socket = socket;
    socket.on("data", this.#onData);
    this.closed = new Promise((resolve) => socket.once("close", () => resolve()));
    socket.on("error", () => {});
  }

  /** Connects and reads the greeting. */
  static async open(target: string): Promise<{ client: SmtpTestClient; greeting: Reply }> {
    const [host, port] = target.split(":");
    const socket = connectTcp(Number(port), host);
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", () => resolve());
      socket.once("error", reject);
    });
    const client = new SmtpTestClient(socket);
    return { client, greeting: await client.reply() };
  }

  /** Opens a connection, says EHLO and starts a transaction from the probe's sender. */
  static async inTransaction(target: string, sender = "verify@mailscout.test"): Promise<SmtpTestClient> {
    const { client } = await SmtpTestClient.open(target);
    await client.expect("EHLO probe.mailscout.test", 250);
    await client.expect(`MAIL FROM:<${sender}>`, 250);
    return client;
  }

  /** The next whole reply. */
  reply(): Promise<Reply> {
    return new Promise((resolve) => {
      this.#waiting.push(resolve);
      this.#deliver();
    });
  }

  send(line: string): Promise<Reply> {
    this.write(line);
    return this.reply();
  }

  /** Sends the command and checks the reply's code. */
  async expect(line: string, code: number): Promise<Reply> {
    const reply = await this.send(line);
    if (reply.code !== code) throw new Error(`${line} → ${reply.lines.join(" | ")}, not ${code}`);
    return reply;
  }

  write(line: string): void {
    this.#socket.write(`${line}\r\n`);
  }

  /** Whatever the server sent that no reply() has read yet, complete or not. */
  unread(): string {
    return [...this.#lines, this.#partial].join("\r\n");
  }

  /** STARTTLS, then the TLS handshake for the given server name, trusting only the given CA. */
  async startTls(servername: string, ca: Buffer): Promise<TLSSocket> {
    await this.expect("STARTTLS", 220);
    const plain = this.#socket;
    plain.off("data", this.#onData);
    const secure = connectTls({ socket: plain, servername, ca });
    await new Promise<void>((resolve, reject) => {
      secure.once("secureConnect", () => resolve());
      secure.once("error", reject);
    });
    secure.on("data", this.#onData);
    secure.on("error", () => {});
    this.#socket = secure;
    return secure;
  }

  close(): void {
    this.#socket.destroy();
  }

  #read(text: string): void {
    const parts = (this.#partial + text).split("\r\n");
    this.#partial = parts.pop()!;
    this.#lines.push(...parts);
    this.#deliver();
  }

  #deliver(): void {
    while (this.#waiting.length > 0) {
      // A reply ends at its first line with a space (or nothing) after the code.
      const last = this.#lines.findIndex((line) => line.length === 3 || line[3] === " ");
      if (last < 0) return;
      const lines = this.#lines.splice(0, last + 1);
      this.#waiting.shift()!({ code: Number(lines[0]!.slice(0, 3)), lines });
    }
  }
}
