// Phoenix's socket protocol vsn 2.0.0 as Supabase Realtime speaks it (realtime lib/realtime_web/socket/v2_serializer.ex;
// realtime-js src/lib/serializer.ts): text frames are JSON arrays [join_ref, ref, topic, event, payload] both ways;
// clients send broadcasts as binary frames of kind 3, and the only binary frame realtime-js decodes is kind 4, a
// broadcast to it. Anything a client sends is checked here, before any other code sees it.
import { z } from "zod";

export interface Message {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

/** A broadcast's own event and payload, as the kind 3 and kind 4 frames carry it. */
export interface UserBroadcast {
  userEvent: string;
  /** JSON text (realtime-js parses it) or raw bytes (realtime-js hands over an ArrayBuffer). */
  encoding: "json" | "binary";
  bytes: Buffer;
  /** Sent as the broadcast's `meta`; Realtime puts the message's id here for broadcasts from the database. */
  metadata?: Record<string, unknown>;
}

/** A kind 3 frame: a client's broadcast push on one of its channels. */
export interface BroadcastPush extends UserBroadcast {
  joinRef: string;
  ref: string;
  topic: string;
}

export class FrameError extends Error {}

const ref = z.string().nullable();
const textFrame = z.tuple([ref, ref, z.string(), z.string(), z.unknown()]).rest(z.unknown());

export function decodeText(text: string): Message {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new FrameError("expected V2 array, got text that is not JSON");
  }
  const frame = textFrame.safeParse(parsed);
  if (!frame.success) throw new FrameError(`expected V2 array [join_ref, ref, topic, event, payload]`);
  const [joinRef, messageRef, topic, event, payload] = frame.data;
  return { joinRef, ref: messageRef, topic, event, payload };
}

export function encodeText(message: Message): string {
  return JSON.stringify([message.joinRef, message.ref, message.topic, message.event, message.payload]);
}

const USER_BROADCAST_PUSH = 3;
const USER_BROADCAST = 4;
const JSON_ENCODING = 1;
const metadataSchema = z.record(z.string(), z.unknown());

/** A kind 3 frame: kind, five lengths, encoding, then join_ref, ref, topic, user event, metadata and the payload. */
export function decodeBinary(frame: Buffer): BroadcastPush {
  if (frame[0] !== USER_BROADCAST_PUSH) throw new FrameError(`unknown binary frame kind ${frame[0]}`);
  const header = 7;
  if (frame.length < header) throw new FrameError("binary frame shorter than its header");
  const lengths = [frame[1], frame[2], frame[3], frame[4], frame[5]] as number[];
  const fields: string[] = [];
  let offset = header;
  for (const length of lengths) {
    if (offset + length > frame.length) throw new FrameError("binary frame shorter than its declared fields");
    fields.push(frame.toString("utf8", offset, offset + length));
    offset += length;
  }
  const [joinRef, pushRef, topic, userEvent, metadataText] = fields as [string, string, string, string, string];
  let metadata: Record<string, unknown> = {};
  if (metadataText) {
    const parsed = metadataSchema.safeParse(parseJson(metadataText));
    if (!parsed.success) throw new FrameError("binary frame metadata is not a JSON object");
    metadata = parsed.data;
  }
  const encoding = frame[6] === JSON_ENCODING ? "json" : "binary";
  const bytes = frame.subarray(offset);
  if (encoding === "json" && parseJson(bytes.toString("utf8")) === undefined) {
    throw new FrameError("binary frame payload is not JSON");
  }
  return { joinRef, ref: pushRef, topic, userEvent, metadata, encoding, bytes };
}

/** A kind 4 frame: kind, three lengths, encoding, then topic, user event, metadata and the payload; no refs. */
export function encodeUserBroadcast(topic: string, broadcast: UserBroadcast): Buffer {
  const metadata = broadcast.metadata ? Buffer.from(JSON.stringify(broadcast.metadata)) : Buffer.alloc(0);
  const topicBytes = Buffer.from(topic);
  const eventBytes = Buffer.from(broadcast.userEvent);
  for (const [name, field] of [["topic", topicBytes], ["event", eventBytes], ["metadata", metadata]] as const) {
    if (field.length > 255) throw new FrameError(`a broadcast's ${name} may be at most 255 bytes`);
  }
  const header = Buffer.from([
    USER_BROADCAST,
    topicBytes.length,
    eventBytes.length,
    metadata.length,
    broadcast.encoding === "json" ? JSON_ENCODING : 0,
  ]);
  return Buffer.concat([header, topicBytes, eventBytes, metadata, broadcast.bytes]);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
