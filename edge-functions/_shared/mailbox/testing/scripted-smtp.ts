// A mail server for the probe's unit tests, in-process on 127.0.0.1: it answers each command as the test scripts it
// (accept, reject, greylist, close, stall, multi-line…) and keeps every session's commands, so a test can assert
// what the probe said, and that it never said DATA.
//
// STARTTLS: Deno can't turn an accepted TCP connection into a TLS server connection, so after its 220 the session's
// bytes are relayed to a TLS listener beside it, which holds the handshake and the rest of the conversation.
export type ScriptedReply =
  /** Sent as is, with CRLF added at the end (use "\r\n" inside for multi-line replies). */
  | string
  /** Close the connection without answering. */
  | { close: true }
  /** Never answer (the connection stays open until the client or the test ends it). */
  | { stall: true };

export interface ScriptedSession {
  /** Every command line received, in order. */
  commands: string[];
  /** The session was upgraded with STARTTLS and the handshake succeeded. */
  tls: boolean;
}

export interface ScriptedSmtpOptions {
  greeting?: ScriptedReply;
  /** The reply to a command, or undefined for the ordinary one (250s, 221 to QUIT, 554 to DATA). */
  reply?: (command: string, session: ScriptedSession) => ScriptedReply | undefined;
  /** Offer STARTTLS with this certificate. */
  tls?: { certPem: string; keyPem: string };
}

export interface ScriptedSmtp {
  /** "127.0.0.1:port", as SMTP_PROBE_TARGET takes it. */
  target: string;
  sessions: ScriptedSession[];
  /** Every command of every session. */
  commands(): string[];
  stop(): Promise<void>;
}

const HOST = "127.0.0.1";

export function startScriptedSmtp(options: ScriptedSmtpOptions = {}): ScriptedSmtp {
  const sessions: ScriptedSession[] = [];
  const open = new Set<Deno.Conn>();
  const serving = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    serving.add(work);
    work.finally(() => serving.delete(work));
  };
  /** Sessions waiting for their relayed connection to arrive at the TLS listener, by the relay's local port. */
  const upgrading = new Map<number, ScriptedSession>();

  const tlsListener = options.tls
    ? Deno.listenTls({ hostname: HOST, port: 0, cert: options.tls.certPem, key: options.tls.keyPem })
    : undefined;
  const listener = Deno.listen({ hostname: HOST, port: 0 });

  const converse = async (conn: Deno.Conn, session: ScriptedSession, greet: boolean): Promise<void> => {
    open.add(conn);
    try {
      if (greet && !(await answer(conn, options.greeting ?? "220 mx.scripted.test ESMTP ready"))) return;
      const lines = commandLines(conn);
      for await (const command of lines) {
        session.commands.push(command);
        const verb = command.split(" ")[0]!.toUpperCase();
        const reply = options.reply?.(command, session) ?? ordinaryReply(verb, session, options.tls !== undefined);
        if (!(await answer(conn, reply))) return;
        if (verb === "QUIT") return;
        if (verb === "STARTTLS" && typeof reply === "string" && reply.startsWith("220") && tlsListener) {
          await relay(conn, tlsListener.addr.port, session);
          return;
        }
      }
    } catch {
      // The client went away mid-write, or the test stopped the server: the session is over.
    } finally {
      open.delete(conn);
      closeQuietly(conn);
    }
  };

  const relay = async (conn: Deno.Conn, port: number, session: ScriptedSession) => {
    const inner = await Deno.connect({ hostname: HOST, port });
    open.add(inner);
    upgrading.set(inner.localAddr.port, session);
    await Promise.allSettled([conn.readable.pipeTo(inner.writable), inner.readable.pipeTo(conn.writable)]);
    open.delete(inner);
  };

  track((async () => {
    for await (const conn of listener) {
      const session: ScriptedSession = { commands: [], tls: false };
      sessions.push(session);
      track(converse(conn, session, true));
    }
  })().catch(() => {}));

  if (tlsListener) {
    track((async () => {
      for await (const conn of tlsListener) {
        const session = upgrading.get(conn.remoteAddr.port) ?? { commands: [], tls: false };
        upgrading.delete(conn.remoteAddr.port);
        track((async () => {
          try {
            await conn.handshake();
          } catch {
            closeQuietly(conn);
            return;
          }
          session.tls = true;
          await converse(conn, session, false);
        })());
      }
    })().catch(() => {}));
  }

  return {
    target: `${HOST}:${listener.addr.port}`,
    sessions,
    commands: () => sessions.flatMap((session) => session.commands),
    async stop() {
      closeQuietly(listener);
      if (tlsListener) closeQuietly(tlsListener);
      for (const conn of open) closeQuietly(conn);
      while (serving.size > 0) await Promise.allSettled([...serving]);
    },
  };
}

function ordinaryReply(verb: string, session: ScriptedSession, offersTls: boolean): ScriptedReply {
  switch (verb) {
    case "EHLO": {
      const extensions = ["PIPELINING", "SIZE 10240000", ...(offersTls && !session.tls ? ["STARTTLS"] : []), "8BITMIME"];
      return ["mx.scripted.test greets you", ...extensions].map((line, index, all) =>
        `250${index === all.length - 1 ? " " : "-"}${line}`
      ).join("\r\n");
    }
    case "HELO":
      return "250 mx.scripted.test";
    case "MAIL":
      return "250 2.1.0 Ok";
    case "RCPT":
      return "250 2.1.5 Ok";
    case "RSET":
    case "NOOP":
      return "250 2.0.0 Ok";
    case "STARTTLS":
      return offersTls ? "220 2.0.0 Ready to start TLS" : "502 5.5.1 Not offered";
    case "QUIT":
      return "221 2.0.0 Bye";
    case "DATA":
    case "BDAT":
      return "554 5.5.1 This server takes no mail";
    default:
      return "502 5.5.2 Command not recognized";
  }
}

/** Writes the reply; false when the session ends here (closed on purpose). */
async function answer(conn: Deno.Conn, reply: ScriptedReply): Promise<boolean> {
  if (typeof reply !== "string") {
    if ("close" in reply) return false;
    return true;
  }
  const bytes = new TextEncoder().encode(`${reply}\r\n`);
  for (let written = 0; written < bytes.length;) written += await conn.write(bytes.subarray(written));
  return true;
}

/** Command lines as the client sends them, read without locking the connection's stream (STARTTLS relays it). */
async function* commandLines(conn: Deno.Conn): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let pending = "";
  const chunk = new Uint8Array(4_096);
  for (;;) {
    let end: number;
    while ((end = pending.indexOf("\n")) >= 0) {
      const line = pending.slice(0, end).replace(/\r$/, "");
      pending = pending.slice(end + 1);
      yield line;
    }
    const count = await conn.read(chunk);
    if (count === null) return;
    pending += decoder.decode(chunk.subarray(0, count), { stream: true });
  }
}

function closeQuietly(closable: { close(): void }): void {
  try {
    closable.close();
  } catch {
    // Already closed.
  }
}
