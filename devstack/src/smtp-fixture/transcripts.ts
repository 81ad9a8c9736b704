// The fixture's record of every conversation, so tests can see what a probe said and heard (and that it never sent
// DATA). Filled from smtp-server's logger, which reports each command it reads ("C:") and each reply it writes ("S:")
// under the connection's id.
import type { ConnectionTranscript, Transcripts } from "./testing.ts";

/** The oldest connections are forgotten past this many, so a long bench run can't grow the fixture without end. */
const MAX_CONNECTIONS = 5_000;

export class TranscriptLog {
  readonly #connections = new Map<string, ConnectionTranscript>();
  #dataCommands = 0;

  constructor(private readonly now: () => number) {}

  open(id: string, remoteAddress: string): void {
    this.#of(id).remoteAddress = remoteAddress;
  }

  add(id: string, from: "client" | "server", text: string): void {
    const at = new Date(this.now()).toISOString();
    const lines = this.#of(id).lines;
    for (const line of text.split("\r\n")) lines.push({ at, from, text: line });
  }

  secured(id: string): void {
    this.#of(id).tls = true;
  }

  closed(id: string): void {
    const connection = this.#connections.get(id);
    if (connection) connection.closedAt = new Date(this.now()).toISOString();
  }

  dataRefused(): void {
    this.#dataCommands += 1;
  }

  snapshot(): Transcripts {
    return { connections: structuredClone([...this.#connections.values()]), dataCommands: this.#dataCommands };
  }

  clear(): void {
    this.#connections.clear();
    this.#dataCommands = 0;
  }

  #of(id: string): ConnectionTranscript {
    let connection = this.#connections.get(id);
    if (!connection) {
      connection = { id, remoteAddress: "", openedAt: new Date(this.now()).toISOString(), closedAt: null, tls: false, lines: [] };
      this.#connections.set(id, connection);
      if (this.#connections.size > MAX_CONNECTIONS) this.#connections.delete(this.#connections.keys().next().value!);
    }
    return connection;
  }
}
