// A typed client for the SMTP fixture's test controls, for the api tests (Deno), the e2e journeys and bench (Node) and
// the fixture's own tests. fetch only, so both runtimes import it as it is.
//
//   const smtp = smtpFixtureControls(env.SMTP_FIXTURE_URL);
//   await smtp.reset();
//   ... probe jane@mailbox.test ...
//   const { connections, dataCommands } = await smtp.transcripts(); // dataCommands: 0, no mail was ever sent

export interface TranscriptLine {
  /** ISO time the line was read or written. */
  at: string;
  from: "client" | "server";
  /** One line of a command or reply, without CRLF. */
  text: string;
}

export interface ConnectionTranscript {
  id: string;
  remoteAddress: string;
  openedAt: string;
  /** null while the connection is open. */
  closedAt: string | null;
  /** The conversation moved to TLS (STARTTLS). */
  tls: boolean;
  lines: TranscriptLine[];
}

export interface Transcripts {
  /** Oldest first. */
  connections: ConnectionTranscript[];
  /** DATA commands refused since the last reset: a probe must never send one. */
  dataCommands: number;
}

export interface SmtpFixtureControls {
  transcripts(): Promise<Transcripts>;
  /** Forgets the transcripts and which (sender, recipient) pairs were greylisted. */
  reset(): Promise<void>;
}

export function smtpFixtureControls(controlUrl: string): SmtpFixtureControls {
  const call = async (method: "GET" | "POST", path: string): Promise<unknown> => {
    const response = await fetch(`${controlUrl}${path}`, { method });
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${await response.text()}`);
    return response.json();
  };
  return {
    transcripts: async () => (await call("GET", "/_fake/transcripts")) as Transcripts,
    reset: async () => {
      await call("POST", "/_fake/reset");
    },
  };
}
