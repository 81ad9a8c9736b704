// The catcher's SMTP side, where Auth sends its mails (as GoTrue sends to the CLI's Mailpit): nodemailer's
// smtp-server speaks the protocol, mailparser reads the MIME, and every message lands in the store.
import type { AddressInfo } from "node:net";
import { type AddressObject, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import type { Address, MailStore } from "./store.ts";

/** The largest message accepted; a larger one is refused with SMTP's 552 after its DATA. */
export const SMTP_MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

export interface RunningSmtp {
  port: number;
  stop(): Promise<void>;
}

export function startSmtpServer(store: MailStore, port: number, log: (line: string) => void): Promise<RunningSmtp> {
  const server = new SMTPServer({
    // Local and plain: no TLS to offer, and any (or no) login is accepted, as Mailpit's default does.
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    allowInsecureAuth: true,
    onAuth: (_auth, _session, callback) => callback(null, { user: "devstack" }),
    size: SMTP_MAX_MESSAGE_BYTES,
    banner: "MailScout devstack mail catcher",
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          if (stream.sizeExceeded) {
            const error = Object.assign(new Error("Message exceeds the fixed maximum message size"), { responseCode: 552 });
            return callback(error);
          }
          const to = addresses(parsed.to);
          const cc = addresses(parsed.cc);
          const listed = new Set([...to, ...cc].map((a) => a.Address.toLowerCase()));
          // Envelope recipients named in no header were blind copies.
          const bcc = session.envelope.rcptTo
            .map((rcpt) => rcpt.address)
            .filter((address) => !listed.has(address.toLowerCase()))
            .map((address) => ({ Name: "", Address: address }));
          const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
          const headers: Record<string, string> = {};
          for (const { key, line } of parsed.headerLines) headers[key] = line.slice(line.indexOf(":") + 1).trim();
          store.add({
            MessageID: parsed.messageId?.replace(/^<|>$/g, "") ?? "",
            From: addresses(parsed.from)[0] ?? { Name: "", Address: envelopeFrom },
            To: to,
            Cc: cc,
            Bcc: bcc,
            ReplyTo: addresses(parsed.replyTo),
            Subject: parsed.subject ?? "",
            Tags: [],
            Text: parsed.text ?? "",
            HTML: typeof parsed.html === "string" ? parsed.html : "",
            Headers: headers,
            Size: stream.byteLength,
            Source: "smtp",
          });
          callback();
        })
        .catch((error: unknown) => {
          log(`[mail] an SMTP message could not be read: ${String(error)}`);
          callback(error instanceof Error ? error : new Error(String(error)));
        });
    },
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    // Loopback only, like the gateway: the catcher holds every mail the stack sent.
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      server.on("error", (error) => log(`[mail] SMTP: ${error.message}`));
      resolve({
        port: (server.server.address() as AddressInfo).port,
        stop: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

function addresses(field: AddressObject | AddressObject[] | undefined): Address[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return objects.flatMap((object) =>
    object.value.flatMap((entry) =>
      // A group ("undisclosed-recipients:;") lists its members, if any.
      entry.group
        ? entry.group.map((member) => ({ Name: member.name, Address: member.address ?? "" }))
        : [{ Name: entry.name, Address: entry.address ?? "" }],
    ),
  );
}
