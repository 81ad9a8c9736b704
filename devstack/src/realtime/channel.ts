// One joined channel of one socket, as Realtime's RealtimeChannel runs it (realtime lib/realtime_web/channels/
// realtime_channel.ex, broadcast_handler.ex, presence_handler.ex): the join and its checks, broadcasts, presence,
// token refreshes, and the token's expiry, which closes the channel with a system error as on Supabase.
import postgres, { type Sql } from "postgres";
import { mayWrite, readableExtensions, type AuthorizationContext, type Extension } from "./authorization.ts";
import { postgresChangesReply, readJoin, type ChannelConfig } from "./join-payload.ts";
import type { PresenceRegistry } from "./presence.ts";
import type { BroadcastPush, Message } from "./serializer.ts";
import { checkToken, joinRefusal, refreshRefusal, tokenFailureMessage, type Claims, type TokenCheck } from "./tokens.ts";
import { audienceOf, type Subscriber, type Topics } from "./topics.ts";

/** What every channel shares: the database, the subscriptions, presence, and the project's JWT secret. */
export interface ChannelServices {
  sql: Sql;
  topics: Topics;
  presence: PresenceRegistry<Channel>;
  secret: Uint8Array;
  log: (line: string) => void;
}

/** What a channel needs of the socket it lives on. */
export interface ChannelSocket {
  /** The socket's apikey: the token of a channel that joins without one. */
  token: string;
  /** The socket's x- headers, which policies may read as request.headers. */
  headers: Record<string, string>;
  send(message: Message): void;
  write(frame: string | Buffer): void;
  /** The channel has closed: the socket forgets it. */
  closed(channel: Channel): void;
}

/** Realtime re-checks a token at least this often, and when it expires (realtime_channel.ex @confirm_token_ms_interval). */
const TOKEN_CHECK_INTERVAL_MS = 5 * 60_000;
const TOPIC_PREFIX = "realtime:";

export class Channel implements Subscriber {
  private readonly audience: string;
  /** For private channels, what the token's policies allow; an extension not yet checked has no entry. */
  private reads = new Map<Extension, boolean>();
  private writes = new Map<Extension, boolean>();
  private tokenCheck: NodeJS.Timeout | undefined;
  private closedAlready = false;

  private constructor(
    private readonly services: ChannelServices,
    private readonly socket: ChannelSocket,
    readonly joinTopic: string,
    readonly joinRef: string,
    private readonly config: ChannelConfig,
    private accessToken: string,
    private authorization: AuthorizationContext,
  ) {
    this.audience = audienceOf(authorization.topic, config.private);
  }

  /** Answers a phx_join: the joined channel, or null after replying with the reason it was refused. */
  static async join(services: ChannelServices, socket: ChannelSocket, message: Message): Promise<Channel | null> {
    const { topic, joinRef } = message;
    const refuse = (reason: string) => {
      socket.send({ joinRef, ref: message.ref, topic, event: "phx_reply", payload: { status: "error", response: { reason } } });
      return null;
    };
    const subTopic = topic.slice(TOPIC_PREFIX.length);
    if (!subTopic) return refuse("TopicNameRequired: You must provide a topic name");
    const { config, accessToken } = readJoin(message.payload, socket.token);
    const token = await checkToken(accessToken, services.secret);
    if (!token.ok) return refuse(joinRefusal(token));

    const channel = new Channel(services, socket, topic, joinRef ?? "", config, accessToken, {
      topic: subTopic,
      claims: token.claims,
      headers: socket.headers,
    });
    const reads = await channel.checkReads();
    if ("refusal" in reads) return refuse(`${reads.refusal.code}: ${reads.refusal.message}`);
    channel.reads = reads.allowed;
    services.topics.subscribe(channel.audience, channel);
    channel.scheduleTokenCheck(token.claims);
    channel.reply(message.ref, "ok", { postgres_changes: postgresChangesReply(config.postgresChanges) });
    if (config.presenceEnabled && channel.readsPresence) {
      channel.push("presence_state", services.presence.state(channel.audience));
    }
    return channel;
  }

  get readsBroadcasts(): boolean {
    return !this.config.private || this.reads.get("broadcast") === true;
  }

  get readsPresence(): boolean {
    return !this.config.private || this.reads.get("presence") === true;
  }

  write(frame: string | Buffer): void {
    this.socket.write(frame);
  }

  /** A client broadcast, from a binary kind 3 frame or a text push. */
  async broadcast(push: BroadcastPush | Message): Promise<void> {
    if (!("userEvent" in push) && !isObject(push.payload)) return;
    if (this.config.private && !(await this.mayWrite("broadcast"))) return;
    const delivery = "userEvent" in push
      ? ({ kind: "user-broadcast", broadcast: { userEvent: push.userEvent, encoding: push.encoding, bytes: push.bytes } } as const)
      : ({ kind: "broadcast", payload: push.payload as Record<string, unknown> } as const);
    this.services.topics.deliver(this.audience, delivery, this.config.self ? undefined : this);
    if (this.config.ack) this.reply(push.ref, "ok", {});
  }

  /** A presence push: {type: "presence", event: "track" | "untrack", payload}. */
  async presence(message: Message): Promise<void> {
    const payload = isObject(message.payload) ? message.payload : {};
    if (typeof payload.event !== "string") return this.reply(message.ref, "ok", {});
    const { presence, topics } = this.services;
    switch (payload.event.toLowerCase()) {
      case "track": {
        if (this.config.private && !(await this.mayTrack())) return this.reply(message.ref, "error", {});
        const tracked = payload.payload ?? {};
        if (!isObject(tracked)) return this.reply(message.ref, "error", { reason: "Presence track payload must be a map" });
        // Tracking turns presence on for a channel that joined without it, as on Supabase.
        this.config.presenceEnabled = true;
        const diff = presence.track(this.audience, this, this.config.presenceKey, tracked);
        if (diff) topics.deliver(this.audience, { kind: "presence_diff", diff });
        return this.reply(message.ref, "ok", {});
      }
      case "untrack": {
        const diff = presence.untrack(this.audience, this);
        if (diff) topics.deliver(this.audience, { kind: "presence_diff", diff });
        return this.reply(message.ref, "ok", {});
      }
      default:
        return this.reply(message.ref, "error", {});
    }
  }

  /**
   * A new token for the channel (after a sign-in, refresh or sign-out). No reply; the token and, on a private channel,
   * the read policies are checked again, and a failure closes the channel with a system error.
   */
  async refreshToken(message: Message): Promise<void> {
    const given = isObject(message.payload) ? message.payload.access_token : undefined;
    if (typeof given !== "string" || given.startsWith("sb_") || given === this.accessToken) return;
    this.accessToken = given;
    this.writes = new Map();
    const token = await checkToken(given, this.services.secret);
    if (!token.ok) return this.shutdown(refreshRefusal(token));
    this.authorization = { ...this.authorization, claims: token.claims };
    // The old permissions serve deliveries until the new ones are known.
    const reads = await this.checkReads();
    if ("refusal" in reads) return this.shutdown(reads.refusal.message);
    const revoked = [...this.reads].some(([extension, could]) => could && reads.allowed.get(extension) === false);
    if (revoked) {
      return this.shutdown(`You no longer have permission to read from this Channel topic: ${this.authorization.topic}`);
    }
    this.reads = reads.allowed;
    this.scheduleTokenCheck(token.claims);
  }

  /** phx_leave: the reply, then the channel closes as Phoenix closes a channel that left. */
  leave(message: Message): void {
    this.reply(message.ref, "ok", {});
    this.close();
  }

  /** Unsubscribes and leaves presence (the others see the leave); with `announce`, tells the client with phx_close. */
  close({ announce = true } = {}): void {
    if (this.closedAlready) return;
    this.closedAlready = true;
    clearTimeout(this.tokenCheck);
    const { topics, presence } = this.services;
    topics.unsubscribe(this.audience, this);
    const diff = presence.untrack(this.audience, this);
    if (diff) topics.deliver(this.audience, { kind: "presence_diff", diff });
    if (announce) this.socket.send({ joinRef: this.joinRef, ref: this.joinRef, topic: this.joinTopic, event: "phx_close", payload: {} });
    this.socket.closed(this);
  }

  /**
   * On a private channel, asks the policies whether the token may read broadcasts (and presence, when enabled): what
   * they allow, or why the channel may not be joined (Realtime's log code and message).
   */
  private async checkReads(): Promise<{ allowed: Map<Extension, boolean> } | { refusal: { code: string; message: string } }> {
    if (!this.config.private) return { allowed: new Map() };
    const asked: Extension[] = this.config.presenceEnabled ? ["broadcast", "presence"] : ["broadcast"];
    const denied = {
      code: "Unauthorized",
      message: `You do not have permissions to read from this Channel topic: ${this.authorization.topic}`,
    };
    try {
      const readable = await readableExtensions(this.services.sql, this.authorization, asked);
      if (readable.size === 0) return { refusal: denied };
      return { allowed: new Map(asked.map((extension) => [extension, readable.has(extension)])) };
    } catch (error) {
      this.services.log(`realtime: the read check on ${this.authorization.topic} failed: ${(error as Error).message}`);
      // A policy that fails (a role the database lacks, an error in its SQL) denies, as Realtime's RlsPolicyError.
      if (error instanceof postgres.PostgresError) return { refusal: denied };
      return {
        refusal: { code: "UnableToConnectToProject", message: "Realtime was unable to connect to the project database" },
      };
    }
  }

  /** The write check, made on first use and kept until the token changes; a failing check denies. */
  private async mayWrite(extension: Extension): Promise<boolean> {
    let allowed = this.writes.get(extension);
    if (allowed === undefined) {
      try {
        allowed = await mayWrite(this.services.sql, this.authorization, extension);
      } catch (error) {
        this.services.log(`realtime: the write check on ${this.authorization.topic} failed: ${(error as Error).message}`);
        return false;
      }
      this.writes.set(extension, allowed);
    }
    return allowed;
  }

  /** A private track needs presence read (checked now if the join did not) and presence write. */
  private async mayTrack(): Promise<boolean> {
    if (!this.reads.has("presence")) {
      try {
        const readable = await readableExtensions(this.services.sql, this.authorization, ["presence"]);
        this.reads.set("presence", readable.has("presence"));
      } catch (error) {
        this.services.log(`realtime: the read check on ${this.authorization.topic} failed: ${(error as Error).message}`);
        return false;
      }
    }
    return this.mayWrite("presence");
  }

  /** Checks the token again when it expires, or every TOKEN_CHECK_INTERVAL_MS if that is sooner. */
  private scheduleTokenCheck(claims: Claims): void {
    clearTimeout(this.tokenCheck);
    const delay = Math.min(TOKEN_CHECK_INTERVAL_MS, Math.max(0, claims.exp * 1000 - Date.now()));
    this.tokenCheck = setTimeout(() => void this.confirmToken(), delay);
    this.tokenCheck.unref();
  }

  private async confirmToken(): Promise<void> {
    const token: TokenCheck = await checkToken(this.accessToken, this.services.secret);
    if (this.closedAlready) return;
    if (token.ok) return this.scheduleTokenCheck(token.claims);
    this.shutdown(tokenFailureMessage(token));
  }

  /** Closes the channel with the reason as a system error first, as Realtime's shutdown_response. */
  private shutdown(message: string): void {
    if (this.closedAlready) return;
    this.push("system", { extension: "system", status: "error", message, channel: this.authorization.topic });
    this.close();
  }

  private reply(ref: string | null, status: "ok" | "error", response: Record<string, unknown>): void {
    this.socket.send({ joinRef: this.joinRef, ref, topic: this.joinTopic, event: "phx_reply", payload: { status, response } });
  }

  private push(event: string, payload: unknown): void {
    this.socket.send({ joinRef: this.joinRef, ref: null, topic: this.joinTopic, event, payload });
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
