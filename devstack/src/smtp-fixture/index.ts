// devstack's fixture SMTP server: plays the mail servers of the DNS fixture's mail domains (mailbox.test, greylist.test,
// ... see mailboxes.ts) on one loopback port, where the mailbox probe connects when SMTP_PROBE_TARGET names it. It
// answers probes as those servers would, takes no mail (DATA is refused), offers STARTTLS with a certificate from a
// committed test CA (tls/), and keeps every conversation for tests on its control port:
//   GET  /_fake/transcripts  every connection's commands and replies, oldest first (testing.ts has its client)
//   POST /_fake/reset        forgets the transcripts and the greylisting memory
import type { Socket } from "node:net";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Hono } from "hono";
import { SMTPServer, type SMTPServerSession } from "smtp-server";
import { closeFake, listenFake } from "../fake-server.ts";
import { FixtureMailboxes, type RcptAnswer, SLOW_REPLY_MS } from "./mailboxes.ts";
import { TranscriptLog } from "./transcripts.ts";

/** The test CA that signed the fixture's certificate: what SMTP_PROBE_CA_FILE names so the probe can verify it. */
export const SMTP_FIXTURE_CA_FILE = fileURLToPath(new URL("./tls/ca.pem", import.meta.url));
const CERTIFICATE_FILE = fileURLToPath(new URL("./tls/server.pem", import.meta.url));
const KEY_FILE = fileURLToPath(new URL("./tls/server-key.pem", import.meta.url));

export interface SmtpFixtureOptions {
  /** 0 picks a free port. */
  smtpPort: number;
  controlPort: number;
  log: (line: string) => void;
  /** Added before every reply, the greeting included: a far-away server. */
  replyDelayMs?: number;
  /** Milliseconds since the epoch; tests move it to pass a greylisting delay without waiting. */
  now?: () => number;
}

export interface RunningSmtpFixture {
  /** host:port, the value of SMTP_PROBE_TARGET. */
  target: string;
  controlUrl: string;
  /** The CA's PEM file, the value of SMTP_PROBE_CA_FILE. */
  caFile: string;
  stop(): Promise<void>;
}

/**
 * smtp-server's per-connection object. The library answers DATA, RSET and QUIT itself, with no hook, and gives no
 * handler a way to close a connection; the fixture must refuse DATA before asking for the message, delay every reply
 * and close without a word, so it wraps the connection's command entry point (`_onCommand`, declared in the library's
 * own types; the version is pinned in package.json, and the tests cover each use).
 */
type LibraryConnection = SMTPServer["connections"] extends Set<infer Connection> ? Connection : never;

interface ConnectionState {
  connection: LibraryConnection;
  /** A slow domain was named: every reply from then on comes SLOW_REPLY_MS late. */
  slow: boolean;
}

const DATA_REFUSAL = "5.7.1 This server takes no mail: it only answers mailbox probes";

export async function startSmtpFixture(options: SmtpFixtureOptions): Promise<RunningSmtpFixture> {
  const now = options.now ?? Date.now;
  const replyDelayMs = options.replyDelayMs ?? 0;
  const mailboxes = new FixtureMailboxes(now);
  const transcripts = new TranscriptLog(now);
  const states = new Map<string, ConnectionState>();
  const later = (ms: number, run: () => void) => (ms > 0 ? setTimeout(run, ms) : run());

  const record = (entry: { tnx?: string; cid?: string }, message: unknown, text: unknown) => {
    if (entry.cid === undefined) return;
    if (entry.tnx === "command" && message === "C:") transcripts.add(entry.cid, "client", String(text));
    if (entry.tnx === "send" && message === "S:") transcripts.add(entry.cid, "server", String(text));
  };
  const ignore = () => {};

  // Every command waits out the delays before the library reads it, so its reply comes that much later; DATA is
  // answered here, before the library would ask for the message.
  const hook = (state: ConnectionState) => {
    const { connection } = state;
    const readCommand = connection._onCommand.bind(connection);
    connection._onCommand = (command, next) => {
      later(replyDelayMs + (state.slow ? SLOW_REPLY_MS : 0), () => {
        if (!/^DATA\b/i.test(command.toString())) return readCommand(command, next);
        transcripts.add(connection.id, "client", command.toString());
        transcripts.dataRefused();
        options.log(`[smtp-fixture] refused DATA on connection ${connection.id}: a probe must never send mail`);
        connection.send(554, DATA_REFUSAL);
        next?.();
      });
    };
  };

  const server: SMTPServer = new SMTPServer({
    name: "mx.smtp-fixture.test",
    banner: "MailScout SMTP fixture (answers probes, takes no mail)",
    key: readFileSync(KEY_FILE),
    cert: readFileSync(CERTIFICATE_FILE),
    // The probe never logs in; without AUTH the EHLO reply lists what a receiving server offers.
    disabledCommands: ["AUTH"],
    authOptional: true,
    disableReverseLookup: true,
    logger: { level: ignore, trace: ignore, debug: record, info: ignore, warn: ignore, error: ignore, fatal: ignore },
    onConnect(session, callback) {
      const connection = [...server.connections].find((candidate) => candidate.id === session.id);
      if (!connection) return callback(new Error("The connection went away before its greeting"));
      const state: ConnectionState = { connection, slow: false };
      states.set(session.id, state);
      hook(state);
      transcripts.open(session.id, session.remoteAddress);
      later(replyDelayMs, () => callback());
    },
    onSecure(_socket, session, callback) {
      transcripts.secured(session.id);
      callback();
    },
    onRcptTo(address, session, callback) {
      const state = states.get(session.id)!;
      const recipient = address.address;
      const answer = mailboxes.answer(recipient, {
        sender: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
        clientAddress: session.remoteAddress,
      });
      // The RCPT that first names a slow domain waits here; later commands wait in the hook.
      const becameSlow = !state.slow && mailboxes.slow(recipient);
      state.slow ||= becameSlow;
      later(becameSlow ? SLOW_REPLY_MS : 0, () => answerRcpt(state, answer, callback));
    },
    onClose(session: SMTPServerSession) {
      states.delete(session.id);
      transcripts.closed(session.id);
    },
  });

  // The sockets, so stop() can end conversations the fixture left hanging (a stall), which close() would wait out.
  const sockets = new Set<Socket>();
  server.server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });

  const port = await new Promise<number>((resolve, reject) => {
    const onError = (error: Error) => reject(new Error(`The SMTP fixture cannot listen on 127.0.0.1:${options.smtpPort}: ${error.message}`));
    server.once("error", onError);
    // Loopback only, like the rest of the stack.
    server.listen(options.smtpPort, "127.0.0.1", () => {
      server.off("error", onError);
      server.on("error", (error: Error) => options.log(`[smtp-fixture] ${error.message}`));
      resolve((server.server.address() as { port: number }).port);
    });
  });

  const control = new Hono();
  control.get("/_fake/transcripts", (c) => c.json(transcripts.snapshot()));
  control.post("/_fake/reset", (c) => {
    transcripts.clear();
    mailboxes.reset();
    return c.json({ reset: true });
  });
  let controlServer;
  try {
    controlServer = await listenFake(() => control, options.controlPort, "SMTP fixture's control");
  } catch (error) {
    await new Promise<void>((done) => server.close(() => done()));
    throw error;
  }
  const { server: httpServer, url: controlUrl } = controlServer;

  return {
    target: `127.0.0.1:${port}`,
    controlUrl,
    caFile: SMTP_FIXTURE_CA_FILE,
    async stop() {
      for (const socket of sockets) socket.destroy();
      await Promise.all([new Promise<void>((done) => server.close(() => done())), closeFake(httpServer)]);
    },
  };
}

/** smtp-server writes a handler error's responseCode and message as the reply, an array of lines as a multi-line one:
 * the only way a RCPT handler chooses its reply's text, accepting replies included. */
function answerRcpt(state: ConnectionState, answer: RcptAnswer, callback: (error?: Error | null) => void): void {
  switch (answer.kind) {
    case "reply": {
      const error = Object.assign(new Error(answer.lines.join(" ")), { responseCode: answer.code });
      if (answer.lines.length > 1) Object.defineProperty(error, "message", { value: answer.lines });
      return callback(error);
    }
    case "close":
      return state.connection.close();
    case "stall":
      return;
  }
}
