// How the fixture server answers one DNS message from the zones in zones.ts, whatever carried it (UDP, TCP, DoH).
// It answers like a recursive resolver in front of authoritative zones: CNAMEs at a name are followed and the chain is
// part of the answer; NXDOMAIN and NODATA carry the zone's SOA in the authority section (RFC 2308 §3).
// @ts-types="@types/dns-packet"
import * as dnsPacket from "dns-packet";
import { Buffer } from "node:buffer";
import { DEFAULT_TTL, FIXTURE_NAMES, FIXTURE_ZONES, type FixtureName, fixtureName } from "./zones.ts";

export type FixtureTransport = "udp" | "tcp" | "doh";

export interface FixtureQuery {
  name: string;
  type: string;
  transport: FixtureTransport;
}

/** RFC 1035 §4.2.1: without EDNS, a UDP answer is at most 512 bytes; a longer one is sent truncated (TC bit). */
const UDP_PAYLOAD_LIMIT = 512;
const MAX_CNAME_HOPS = 8;
const RCODE = { NOERROR: 0, SERVFAIL: 2, NXDOMAIN: 3, REFUSED: 5 } as const;

/** Every listed name and the names above it exist; the rest of the namespace is NXDOMAIN. */
const EXISTING = new Set<string>();
for (const name of [...FIXTURE_NAMES.keys(), ...FIXTURE_ZONES.keys()]) {
  for (let labels = name.split("."); labels.length > 0 && labels[0] !== ""; labels = labels.slice(1)) {
    EXISTING.add(labels.join("."));
  }
}

/**
 * The answer to a message, or null when the fixture stays silent (timeout.test, or bytes that are no DNS query).
 * `question` is what was asked, for the fixture's query log.
 */
export function answerFixtureQuery(
  message: Uint8Array,
  transport: FixtureTransport,
): { question?: FixtureQuery; reply: Uint8Array<ArrayBuffer> | null } {
  let query: dnsPacket.DecodedPacket;
  try {
    query = dnsPacket.decode(Buffer.from(message.buffer, message.byteOffset, message.byteLength));
  } catch {
    return { reply: null };
  }
  const [question] = query.questions ?? [];
  if (query.flag_qr || !question) return { reply: null };
  const name = question.name.toLowerCase().replace(/\.$/, "");
  const asked = { name, type: question.type, transport };
  const entry = fixtureName(name);

  const header = {
    type: "response" as const,
    id: query.id,
    questions: [question],
  };
  const flags = (rcode: number) =>
    dnsPacket.AUTHORITATIVE_ANSWER | dnsPacket.RECURSION_AVAILABLE | (query.flag_rd ? dnsPacket.RECURSION_DESIRED : 0) |
    rcode;

  switch (entry?.behaviour) {
    case "no_answer":
      return { question: asked, reply: null };
    case "servfail":
      return { question: asked, reply: encode({ ...header, flags: flags(RCODE.SERVFAIL) }) };
    case "refused":
      return { question: asked, reply: encode({ ...header, flags: flags(RCODE.REFUSED) }) };
    case "malformed": {
      // A header announcing one answer that isn't there: decoding runs off the end.
      const reply = encode({ ...header, flags: flags(RCODE.NOERROR) });
      reply[7] = 1;
      return { question: asked, reply };
    }
  }

  const { rcode, answers, authorities } = resolve(name, question.type);
  const full = encode({ ...header, flags: flags(rcode), answers, authorities });
  if (transport === "udp" && full.length > UDP_PAYLOAD_LIMIT) {
    return { question: asked, reply: encode({ ...header, flags: flags(rcode) | dnsPacket.TRUNCATED_RESPONSE }) };
  }
  return { question: asked, reply: full };
}

function resolve(name: string, type: dnsPacket.RecordType) {
  const answers: dnsPacket.Answer[] = [];
  let current = name;
  for (let hop = 0; hop < MAX_CNAME_HOPS; hop++) {
    const alias = fixtureName(current)?.records?.CNAME;
    if (!alias || type === "CNAME") break;
    answers.push({ type: "CNAME", name: current, ttl: ttlOf(fixtureName(current)), data: alias });
    current = alias;
  }
  if (!EXISTING.has(current) && !fixtureName(current)) {
    return { rcode: RCODE.NXDOMAIN, answers, authorities: [soaFor(current)] };
  }
  const found = recordsAt(current, type);
  return {
    rcode: RCODE.NOERROR,
    answers: [...answers, ...found],
    authorities: found.length === 0 ? [soaFor(current)] : [],
  };
}

function recordsAt(name: string, type: dnsPacket.RecordType): dnsPacket.Answer[] {
  const entry = fixtureName(name);
  const records = entry?.records;
  const ttl = ttlOf(entry);
  switch (type) {
    case "MX":
      return (records?.MX ?? []).map((mx) => ({
        type: "MX",
        name,
        ttl,
        data: { preference: mx.priority, exchange: mx.exchange },
      }));
    case "A":
      return (records?.A ?? []).map((data) => ({ type: "A", name, ttl, data }));
    case "AAAA":
      return (records?.AAAA ?? []).map((data) => ({ type: "AAAA", name, ttl, data }));
    case "TXT":
      return (records?.TXT ?? []).map((data) => ({ type: "TXT", name, ttl, data }));
    case "CNAME":
      return records?.CNAME ? [{ type: "CNAME", name, ttl, data: records.CNAME }] : [];
    default:
      return [];
  }
}

function ttlOf(entry: FixtureName | undefined): number {
  return entry?.ttl ?? DEFAULT_TTL;
}

function soaFor(name: string): dnsPacket.Answer {
  const labels = name.split(".");
  const apex = labels.map((_, i) => labels.slice(i).join(".")).find((candidate) => FIXTURE_ZONES.has(candidate)) ?? "";
  const soa = FIXTURE_ZONES.get(apex)!;
  return {
    type: "SOA",
    name: apex === "" ? "." : apex,
    ttl: soa.ttl,
    data: {
      mname: "ns1.mailscout-fixture.test",
      rname: "hostmaster.mailscout-fixture.test",
      serial: 2026112201,
      refresh: 3_600,
      retry: 600,
      expire: 604_800,
      minimum: soa.minimum,
    },
  };
}

function encode(packet: dnsPacket.Packet): Uint8Array<ArrayBuffer> {
  return new Uint8Array(dnsPacket.encode(packet));
}
