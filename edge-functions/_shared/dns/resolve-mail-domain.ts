// From DNS answers to a MailDomainLookup, with how long the answer may be kept. No caching here (resolver.ts does it).
//
//   MX records             → mx (a lone "." exchange → null_mx, RFC 7505); whether its hosts have usable addresses
//                            is mx-hosts.ts's question, asked by resolver.ts, which caches host answers apart
//   NODATA for MX          → A and AAAA: addresses → implicit (RFC 5321 §5.1), none → no_mail_server
//   NXDOMAIN               → not_found
//   anything else          → error: SERVFAIL, REFUSED, timeouts and malformed answers mean "we don't know", and a
//                            domain must never be called non-existent because our resolver had a bad moment.
//
// A CNAME at the name is followed as far as the recursive server followed it: its answer holds the chain and the
// records at its end, and the response code speaks for the end of the chain (RFC 2308 §2.1).
import { type DnsClient, DnsQueryError } from "./client.ts";
import type { MailDomainLookup } from "./mail-domain-lookup.ts";
import { type Answer, canonicalName, type DnsResponse, type RecordType } from "./wire.ts";

/** Bounds on how long answers are kept, in seconds, whatever TTL the zone asks for. */
export const TTL_BOUNDS = {
  /** mx, null_mx, implicit: a zone's 30-second TTL would defeat the cache, and a week-long one outlive a migration. */
  positive: { min: 5 * 60, max: 24 * 60 * 60 },
  /** not_found, no_mail_server: a domain just registered or just given MX records should work within the hour. */
  negative: { min: 60, max: 60 * 60 },
} as const;
/** For a negative answer without an SOA to take its TTL from (RFC 2308 §5 leaves that to the resolver). */
export const NEGATIVE_TTL_WITHOUT_SOA = 5 * 60;

export interface ResolvedMailDomain {
  lookup: MailDomainLookup;
  /** How long the lookup may be kept; null for errors, which resolver.ts keeps briefly and never shares. */
  ttlSeconds: number | null;
}

const MAX_CNAME_HOPS = 8;

export async function resolveMailDomain(client: DnsClient, domain: string): Promise<ResolvedMailDomain> {
  const mx = await ask(client, domain, "MX");
  if ("error" in mx) return failed(mx.error);
  if (mx.response.rcode === "NXDOMAIN") {
    return { lookup: { kind: "not_found" }, ttlSeconds: negativeTtl([mx.response]) };
  }
  if (mx.response.rcode !== "NOERROR") return failed(`${mx.response.rcode} for MX ${domain}`);

  const mxAnswer = recordsAtEndOfChain(mx.response, domain, "MX");
  if (mxAnswer.records.length > 0) {
    const ttlSeconds = positiveTtl(mxAnswer.ttls);
    const hosts = mxAnswer.records.flatMap((record) =>
      record.type === "MX"
        ? [{ exchange: canonicalName(record.data.exchange), priority: record.data.preference ?? 0 }]
        : []
    );
    // RFC 7505 allows "0 ." only alone; a root exchange among real hosts is ignored like any unusable host.
    const mxRecords = hosts.filter((host) => host.exchange !== "");
    if (mxRecords.length === 0) return { lookup: { kind: "null_mx" }, ttlSeconds };
    mxRecords.sort((a, b) =>
      a.priority - b.priority || (a.exchange < b.exchange ? -1 : a.exchange > b.exchange ? 1 : 0)
    );
    return { lookup: { kind: "mx", mxRecords }, ttlSeconds };
  }

  const own = await resolveAddresses(client, domain);
  switch (own.kind) {
    case "addresses":
      return { lookup: { kind: "implicit", addresses: own.addresses }, ttlSeconds: own.ttlSeconds };
    case "nodata":
      return { lookup: { kind: "no_mail_server" }, ttlSeconds: Math.min(negativeTtl([mx.response]), own.ttlSeconds) };
    case "nxdomain":
      // The name vanished between the MX question and these: believe the latest answers.
      return { lookup: { kind: "not_found" }, ttlSeconds: own.ttlSeconds };
    case "error":
      return failed(`no MX for ${domain}, and no clear A/AAAA answer: ${own.detail}`);
  }
}

/** What A and AAAA say about a name, with how long that may be kept. */
export type ResolvedAddresses =
  /** One family's addresses are enough, even if the other family's question failed. */
  | { kind: "addresses"; addresses: string[]; ttlSeconds: number }
  /** The name exists, with neither A nor AAAA records. */
  | { kind: "nodata"; ttlSeconds: number }
  | { kind: "nxdomain"; ttlSeconds: number }
  /** No clear answer: SERVFAIL, REFUSED, a timeout, or one family NODATA and the other failing. */
  | { kind: "error"; detail: string };

/** A name's A and AAAA records, asked at once, at the end of any CNAME chain. */
export async function resolveAddresses(client: DnsClient, name: string): Promise<ResolvedAddresses> {
  const [a, aaaa] = await Promise.all([ask(client, name, "A"), ask(client, name, "AAAA")]);
  const families = [{ type: "A", asked: a }, { type: "AAAA", asked: aaaa }] as const;
  const answered = families.flatMap(({ asked }) => ("response" in asked ? [asked.response] : []));
  const addressAnswers = families.flatMap(({ type, asked }) =>
    "response" in asked && asked.response.rcode === "NOERROR" ? [recordsAtEndOfChain(asked.response, name, type)] : []
  );
  const addresses = addressAnswers.flatMap((answer) =>
    answer.records.flatMap((record) => (record.type === "A" || record.type === "AAAA" ? [record.data] : []))
  );
  if (addresses.length > 0) {
    return { kind: "addresses", addresses, ttlSeconds: positiveTtl(addressAnswers.flatMap((x) => x.ttls)) };
  }
  if (answered.length === 2 && answered.every((response) => response.rcode === "NOERROR")) {
    return { kind: "nodata", ttlSeconds: negativeTtl(answered) };
  }
  if (answered.length === 2 && answered.every((response) => response.rcode === "NXDOMAIN")) {
    return { kind: "nxdomain", ttlSeconds: negativeTtl(answered) };
  }
  const problems = families.map(({ type, asked }) =>
    "error" in asked ? asked.error : `${asked.response.rcode} for ${type} ${name}`
  );
  return { kind: "error", detail: problems.join("; ") };
}

type Asked = { response: DnsResponse } | { error: string };

async function ask(client: DnsClient, name: string, type: RecordType): Promise<Asked> {
  try {
    return { response: await client.query(name, type) };
  } catch (error) {
    if (error instanceof DnsQueryError) return { error: error.message };
    throw error;
  }
}

function failed(detail: string): ResolvedMailDomain {
  return { lookup: { kind: "error", detail }, ttlSeconds: null };
}

/** The records of `type` at the end of the CNAME chain that starts at `name`, and the TTLs of everything used. */
function recordsAtEndOfChain(
  response: DnsResponse,
  name: string,
  type: RecordType,
): { records: Answer[]; ttls: number[] } {
  const ttls: number[] = [];
  let current = canonicalName(name);
  for (let hop = 0; hop < MAX_CNAME_HOPS; hop++) {
    const alias = response.answers.find((record) => record.type === "CNAME" && canonicalName(record.name) === current);
    if (!alias || alias.type !== "CNAME") break;
    ttls.push(alias.ttl ?? 0);
    current = canonicalName(alias.data);
  }
  const records = response.answers.filter((record) => record.type === type && canonicalName(record.name) === current);
  return { records, ttls: [...ttls, ...records.map((record) => ("ttl" in record ? record.ttl ?? 0 : 0))] };
}

function positiveTtl(ttls: number[]): number {
  return clamp(Math.min(...ttls), TTL_BOUNDS.positive);
}

/** RFC 2308 §5: a negative answer lives as long as the smaller of its SOA's TTL and the SOA's MINIMUM field. */
function negativeTtl(responses: DnsResponse[]): number {
  const fromSoa = responses.flatMap((response) =>
    response.authorities.flatMap((record) =>
      record.type === "SOA" ? [Math.min(record.ttl ?? 0, record.data.minimum ?? 0)] : []
    )
  );
  const ttl = fromSoa.length > 0 ? Math.min(...fromSoa) : NEGATIVE_TTL_WITHOUT_SOA;
  return clamp(ttl, TTL_BOUNDS.negative);
}

function clamp(value: number, bounds: { min: number; max: number }): number {
  return Math.min(bounds.max, Math.max(bounds.min, value));
}
