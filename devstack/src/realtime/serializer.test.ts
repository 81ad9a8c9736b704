import RealtimeSerializer from "@supabase/realtime-js/dist/main/lib/serializer.js";
import { describe, expect, it } from "vitest";
import { decodeBinary, decodeText, encodeText, encodeUserBroadcast, FrameError } from "./serializer.ts";

// realtime-js's own serializer, as the client encodes and decodes frames.
const client = new RealtimeSerializer();

function clientEncode(message: { join_ref: string; ref: string; topic: string; event: string; payload: object }) {
  const encoded: { frame?: ArrayBuffer | string } = {};
  client.encode(message, (result: ArrayBuffer | string) => (encoded.frame = result));
  return encoded.frame;
}

function clientDecode(frame: Buffer | string) {
  const decoded: { message?: unknown } = {};
  const raw = typeof frame === "string" ? frame : Uint8Array.from(frame).buffer;
  client.decode(raw, (result: unknown) => (decoded.message = result));
  return decoded.message;
}

describe("text frames", () => {
  it("reads what realtime-js sends: [join_ref, ref, topic, event, payload]", () => {
    const frame = clientEncode({ join_ref: "1", ref: "2", topic: "realtime:room", event: "phx_join", payload: { config: {} } });
    expect(decodeText(frame as string)).toEqual({
      joinRef: "1",
      ref: "2",
      topic: "realtime:room",
      event: "phx_join",
      payload: { config: {} },
    });
  });

  it("reads a heartbeat's null join_ref", () => {
    expect(decodeText('[null,"9","phoenix","heartbeat",{}]')).toMatchObject({ joinRef: null, ref: "9", topic: "phoenix" });
  });

  it("writes what realtime-js reads", () => {
    const text = encodeText({ joinRef: "1", ref: "1", topic: "realtime:room", event: "phx_reply", payload: { status: "ok" } });
    expect(clientDecode(text)).toEqual({ join_ref: "1", ref: "1", topic: "realtime:room", event: "phx_reply", payload: { status: "ok" } });
  });

  it.each([
    ["not JSON", "hello"],
    ["an object (vsn 1.0.0)", '{"topic":"realtime:room","event":"phx_join","payload":{},"ref":"1"}'],
    ["a short array", '["1","1","realtime:room"]'],
    ["a number as topic", '["1","1",5,"phx_join",{}]'],
  ])("refuses %s", (_, text) => {
    expect(() => decodeText(text)).toThrow(FrameError);
  });
});

describe("binary frames from clients (kind 3)", () => {
  it("reads a JSON broadcast push as realtime-js encodes it", () => {
    const frame = clientEncode({
      join_ref: "6",
      ref: "7",
      topic: "realtime:room",
      event: "broadcast",
      payload: { type: "broadcast", event: "shout", payload: { message: "hi" } },
    });
    const push = decodeBinary(Buffer.from(frame as ArrayBuffer));
    expect(push).toMatchObject({ joinRef: "6", ref: "7", topic: "realtime:room", userEvent: "shout", encoding: "json", metadata: {} });
    expect(JSON.parse(push.bytes.toString())).toEqual({ message: "hi" });
  });

  it("reads raw bytes", () => {
    const frame = clientEncode({
      join_ref: "6",
      ref: "7",
      topic: "realtime:room",
      event: "broadcast",
      payload: { type: "broadcast", event: "bytes", payload: new Uint8Array([0, 255, 7]).buffer },
    });
    const push = decodeBinary(Buffer.from(frame as ArrayBuffer));
    expect(push.encoding).toBe("binary");
    expect([...push.bytes]).toEqual([0, 255, 7]);
  });

  it.each([
    ["another kind", Buffer.from([4, 0, 0, 0, 1])],
    ["a header cut short", Buffer.from([3, 1, 1])],
    ["fields longer than the frame", Buffer.from([3, 5, 5, 5, 5, 0, 1, 65])],
    ["a JSON payload that is not JSON", Buffer.concat([Buffer.from([3, 0, 0, 1, 1, 0, 1]), Buffer.from("te{")])],
    ["metadata that is not an object", Buffer.concat([Buffer.from([3, 0, 0, 0, 0, 2, 1]), Buffer.from("[]{}")])],
  ])("refuses %s", (_, frame) => {
    expect(() => decodeBinary(frame)).toThrow(FrameError);
  });
});

describe("binary frames to clients (kind 4)", () => {
  it("is a broadcast realtime-js delivers with its payload parsed and meta", () => {
    const frame = encodeUserBroadcast("realtime:room", {
      userEvent: "progress",
      encoding: "json",
      bytes: Buffer.from('{"done":3}'),
      metadata: { id: "0b8d" },
    });
    expect(clientDecode(frame)).toEqual({
      join_ref: null,
      ref: null,
      topic: "realtime:room",
      event: "broadcast",
      payload: { type: "broadcast", event: "progress", payload: { done: 3 }, meta: { id: "0b8d" } },
    });
  });

  it("carries raw bytes as raw bytes and no meta when there is none", () => {
    const frame = encodeUserBroadcast("realtime:room", { userEvent: "bytes", encoding: "binary", bytes: Buffer.from([1, 2]) });
    const decoded = clientDecode(frame) as { payload: { payload: ArrayBuffer; meta?: unknown } };
    expect([...new Uint8Array(decoded.payload.payload)]).toEqual([1, 2]);
    expect(decoded.payload.meta).toBeUndefined();
  });

  it("refuses a topic longer than a length byte can say", () => {
    const broadcast = { userEvent: "e", encoding: "json" as const, bytes: Buffer.from("{}") };
    expect(() => encodeUserBroadcast(`realtime:${"x".repeat(300)}`, broadcast)).toThrow(FrameError);
  });
});
