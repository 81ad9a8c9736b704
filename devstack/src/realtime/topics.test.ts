import { describe, expect, it } from "vitest";
import { decodeText } from "./serializer.ts";
import { audienceOf, Topics, type Subscriber } from "./topics.ts";

function subscriber(options: Partial<Pick<Subscriber, "readsBroadcasts" | "readsPresence">> = {}) {
  const frames: Array<string | Buffer> = [];
  const member: Subscriber = {
    joinTopic: "realtime:room",
    readsBroadcasts: options.readsBroadcasts ?? true,
    readsPresence: options.readsPresence ?? true,
    write: (frame) => frames.push(frame),
  };
  return { member, frames };
}

const broadcast = { kind: "broadcast", payload: { type: "broadcast", event: "shout", payload: {} } } as const;

describe("Topics", () => {
  it("delivers to the audience's members with the topic they joined and no refs", () => {
    const topics = new Topics(() => {});
    const one = subscriber();
    topics.subscribe(audienceOf("room", false), one.member);
    topics.deliver(audienceOf("room", false), broadcast);
    expect(one.frames.map((frame) => decodeText(frame.toString()))).toEqual([
      { joinRef: null, ref: null, topic: "realtime:room", event: "broadcast", payload: broadcast.payload },
    ]);
  });

  it("keeps a topic's public and private channels apart", () => {
    const topics = new Topics(() => {});
    const publicMember = subscriber();
    const privateMember = subscriber();
    topics.subscribe(audienceOf("room", false), publicMember.member);
    topics.subscribe(audienceOf("room", true), privateMember.member);
    topics.deliver(audienceOf("room", true), broadcast);
    expect(publicMember.frames).toHaveLength(0);
    expect(privateMember.frames).toHaveLength(1);
  });

  it("skips the sender and members not allowed to read the kind of message", () => {
    const topics = new Topics(() => {});
    const sender = subscriber();
    const presenceOnly = subscriber({ readsBroadcasts: false });
    const broadcastOnly = subscriber({ readsPresence: false });
    for (const { member } of [sender, presenceOnly, broadcastOnly]) topics.subscribe("private:room", member);
    topics.deliver("private:room", broadcast, sender.member);
    topics.deliver("private:room", { kind: "presence_diff", diff: { joins: {}, leaves: {} } });
    expect(sender.frames).toHaveLength(1);
    expect(presenceOnly.frames.map((frame) => decodeText(frame.toString()).event)).toEqual(["presence_diff"]);
    expect(broadcastOnly.frames.map((frame) => decodeText(frame.toString()).event)).toEqual(["broadcast"]);
  });

  it("stops delivering to a member that unsubscribed", () => {
    const topics = new Topics(() => {});
    const one = subscriber();
    topics.subscribe("public:room", one.member);
    topics.unsubscribe("public:room", one.member);
    topics.deliver("public:room", broadcast);
    expect(one.frames).toHaveLength(0);
  });

  it("drops (and logs) a binary broadcast whose event is too long to frame, as Realtime does", () => {
    const logged: string[] = [];
    const topics = new Topics((line) => logged.push(line));
    const one = subscriber();
    topics.subscribe("public:room", one.member);
    const userEvent = "e".repeat(300);
    topics.deliver("public:room", { kind: "user-broadcast", broadcast: { userEvent, encoding: "json", bytes: Buffer.from("{}") } });
    expect(one.frames).toHaveLength(0);
    expect(logged).toEqual([expect.stringContaining("dropped")]);
  });
});
