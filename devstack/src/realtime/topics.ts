// Who is subscribed where, and fan-out to them. A topic has two separate audiences, as on Supabase
// (realtime lib/realtime/tenants.ex tenant_topic): its public channels and its private ones; a message for one never
// reaches the other. Each delivery is encoded once and written to every receiver that may read it
// (realtime message_dispatcher.ex), with the topic rewritten to the one the receivers joined.
import type { PresenceDiff } from "./presence.ts";
import { encodeText, encodeUserBroadcast, type UserBroadcast } from "./serializer.ts";

export interface Subscriber {
  /** What the client joined ("realtime:<subtopic>"); deliveries carry it, with no refs. */
  readonly joinTopic: string;
  /** Public channels, and private ones whose token passed the broadcast read check. */
  readonly readsBroadcasts: boolean;
  /** Public channels, and private ones whose token passed the presence read check. */
  readonly readsPresence: boolean;
  write(frame: string | Buffer): void;
}

export type Delivery =
  /** A text broadcast frame, payload {type: "broadcast", event, payload[, meta]}: REST batches and text pushes. */
  | { kind: "broadcast"; payload: Record<string, unknown> }
  /** A binary kind 4 frame: clients' binary pushes, single REST broadcasts and messages from the database. */
  | { kind: "user-broadcast"; broadcast: UserBroadcast }
  | { kind: "presence_diff"; diff: PresenceDiff };

/** The audience a channel belongs to: one topic's public or private channels. */
export const audienceOf = (subTopic: string, isPrivate: boolean): string => `${isPrivate ? "private" : "public"}:${subTopic}`;

export class Topics {
  private readonly audiences = new Map<string, Set<Subscriber>>();

  constructor(private readonly log: (line: string) => void) {}

  subscribe(audience: string, subscriber: Subscriber): void {
    const members = this.audiences.get(audience) ?? new Set();
    this.audiences.set(audience, members);
    members.add(subscriber);
  }

  unsubscribe(audience: string, subscriber: Subscriber): void {
    const members = this.audiences.get(audience);
    members?.delete(subscriber);
    if (members?.size === 0) this.audiences.delete(audience);
  }

  /** Sends to every member of the audience allowed to read it, except `sender` (a broadcast with self off). */
  deliver(audience: string, delivery: Delivery, sender?: Subscriber): void {
    const members = this.audiences.get(audience);
    if (!members) return;
    const encoded = new Map<string, string | Buffer | null>();
    for (const member of members) {
      if (member === sender) continue;
      if (delivery.kind === "presence_diff" ? !member.readsPresence : !member.readsBroadcasts) continue;
      let frame = encoded.get(member.joinTopic);
      if (frame === undefined) {
        frame = this.encode(member.joinTopic, delivery);
        encoded.set(member.joinTopic, frame);
      }
      if (frame !== null) member.write(frame);
    }
  }

  /** The frame for receivers of `joinTopic`, or null (logged) when it cannot be framed, as Realtime drops it. */
  private encode(joinTopic: string, delivery: Delivery): string | Buffer | null {
    const push = (event: string, payload: unknown) => encodeText({ joinRef: null, ref: null, topic: joinTopic, event, payload });
    switch (delivery.kind) {
      case "broadcast":
        return push("broadcast", delivery.payload);
      case "presence_diff":
        return push("presence_diff", delivery.diff);
      case "user-broadcast":
        try {
          return encodeUserBroadcast(joinTopic, delivery.broadcast);
        } catch (error) {
          this.log(`realtime: a broadcast on ${joinTopic} was dropped: ${(error as Error).message}`);
          return null;
        }
    }
  }
}
