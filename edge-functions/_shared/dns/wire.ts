// DNS messages on the wire (RFC 1035 §4), through dns-packet: one question out, and an answer checked before anything
// in it is believed. An answer must be a response to exactly our question under our id; anything else is spoofed,
// late or broken, and counts as malformed.
// @ts-types="@types/dns-packet"
import * as dnsPacket from "dns-packet";
import { Buffer } from "node:buffer";

export type RecordType = dnsPacket.RecordType;
export type Answer = dnsPacket.Answer;

/** RFC 1035 §4.1.1 and RFC 6895: the 4-bit response code of the header. */
const RCODES = ["NOERROR", "FORMERR", "SERVFAIL", "NXDOMAIN", "NOTIMP", "REFUSED"] as const;
export type Rcode = (typeof RCODES)[number] | `RCODE_${number}`;

export interface DnsResponse {
  rcode: Rcode;
  /** The server could not fit the answer in a UDP datagram (TC bit): ask again over TCP. */
  truncated: boolean;
  answers: Answer[];
  authorities: Answer[];
}

export class MalformedResponseError extends Error {
  override name = "MalformedResponseError";
}

/** A fresh, unpredictable message id: with the question check, it keeps off-path spoofing out (RFC 5452 §9.2). */
export function randomQueryId(): number {
  return crypto.getRandomValues(new Uint16Array(1))[0]!;
}

export function encodeQuery(name: string, type: RecordType, id: number): Uint8Array<ArrayBuffer> {
  // Copied out of Node's pooled Buffer into an array of its own, which fetch and sockets take as is.
  return new Uint8Array(dnsPacket.encode({
    type: "query",
    id,
    flags: dnsPacket.RECURSION_DESIRED,
    questions: [{ type, name, class: "IN" }],
  }));
}

/** The id and QR bit of a datagram, read without decoding it: enough to tell whether it can be our answer at all. */
export function looksLikeAnswerTo(bytes: Uint8Array, id: number): boolean {
  return bytes.length >= 12 && ((bytes[0]! << 8) | bytes[1]!) === id && (bytes[2]! & 0x80) !== 0;
}

export function decodeResponse(
  bytes: Uint8Array,
  expected: { id: number; name: string; type: RecordType },
): DnsResponse {
  let packet: dnsPacket.DecodedPacket;
  try {
    packet = dnsPacket.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch (error) {
    throw new MalformedResponseError(`undecodable answer: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!packet.flag_qr) throw new MalformedResponseError("a query came back instead of an answer");
  if (packet.id !== expected.id) throw new MalformedResponseError(`answer id ${packet.id}, expected ${expected.id}`);
  const [question, ...more] = packet.questions ?? [];
  if (
    !question || more.length > 0 || question.type !== expected.type || (question.class ?? "IN") !== "IN" ||
    !sameName(question.name, expected.name)
  ) {
    const asked = question ? `${question.type} ${question.name}` : "no question";
    throw new MalformedResponseError(`answer is for ${asked}, expected ${expected.type} ${expected.name}`);
  }
  const code = (packet.flags ?? 0) & 0xf;
  return {
    rcode: RCODES[code] ?? `RCODE_${code}`,
    truncated: packet.flag_tc,
    answers: packet.answers ?? [],
    authorities: packet.authorities ?? [],
  };
}

/** Names compare without case (RFC 4343) and without the root's trailing dot. */
export function sameName(a: string, b: string): boolean {
  return canonicalName(a) === canonicalName(b);
}

export function canonicalName(name: string): string {
  return name.toLowerCase().replace(/\.$/, "");
}
