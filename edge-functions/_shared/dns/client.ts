// A DNS client that keeps the response code. Deno.resolveDns can't be used: it answers NXDOMAIN, SERVFAIL and an empty
// answer with the same NotFound error, and the verdict depends on telling them apart.
//
// Each question goes to the configured servers in order. A server that times out, can't be reached or answers
// something malformed is skipped for the next; one that answers SERVFAIL or REFUSED is asked no more for this question,
// but the others are. With a single server it is asked twice, since one lost datagram should not make a domain
// "unknown". The first NOERROR or NXDOMAIN answer wins; if none comes, the last server's failing answer is returned
// (so the caller sees SERVFAIL rather than a guess), and if no server answered at all, DnsQueryError is thrown.
//
// At most maxConcurrentQueries questions are out at once; the rest wait their turn (their timeout starts when they
// are sent). A bulk validation of thousands of new domains would otherwise send thousands of datagrams at once, more
// than a server's receive buffer holds, and the lost ones would turn into timeouts and "unknown" verdicts.
import { exchangeDoh } from "./doh-transport.ts";
import { exchangeTcp } from "./tcp-transport.ts";
import { turns } from "./turns.ts";
import { describeServer, type DnsServer, DnsTransportError, type NameServer } from "./transport.ts";
import { exchangeUdp } from "./udp-transport.ts";
import {
  decodeResponse,
  type DnsResponse,
  encodeQuery,
  looksLikeAnswerTo,
  MalformedResponseError,
  randomQueryId,
  type RecordType,
} from "./wire.ts";

export interface DnsClient {
  query(name: string, type: RecordType): Promise<DnsResponse>;
}

/** No server gave a usable answer: every try timed out, failed to connect or came back malformed. */
export class DnsQueryError extends Error {
  override name = "DnsQueryError";
}

export interface DnsClientOptions {
  servers: readonly DnsServer[];
  /** Per try, per server. */
  timeoutMs?: number;
  maxConcurrentQueries?: number;
}

export const DEFAULT_TIMEOUT_MS = 2_000;
export const DEFAULT_MAX_CONCURRENT_QUERIES = 64;

export function createDnsClient(options: DnsClientOptions): DnsClient {
  const servers = [...options.servers];
  if (servers.length === 0) throw new Error("A DNS client needs at least one server");
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const tries = Math.max(2, servers.length);
  const inTurn = turns(options.maxConcurrentQueries ?? DEFAULT_MAX_CONCURRENT_QUERIES);

  return { query: (name, type) => inTurn(() => askServers(servers, { name, type, tries, timeoutMs })) };
}

async function askServers(
  servers: DnsServer[],
  question: { name: string; type: RecordType; tries: number; timeoutMs: number },
): Promise<DnsResponse> {
  const { name, type, tries, timeoutMs } = question;
  const failures: string[] = [];
  const gaveUp = new Set<DnsServer>();
  let failingAnswer: DnsResponse | undefined;
  for (let attempt = 0; attempt < tries; attempt++) {
    const server = servers[attempt % servers.length]!;
    if (gaveUp.has(server)) continue;
    try {
      const response = await ask(server, name, type, timeoutMs);
      if (response.rcode === "NOERROR" || response.rcode === "NXDOMAIN") return response;
      failingAnswer = response;
      gaveUp.add(server);
    } catch (error) {
      if (!(error instanceof DnsTransportError || error instanceof MalformedResponseError)) throw error;
      failures.push(`${describeServer(server)}: ${error.message}`);
    }
  }
  if (failingAnswer) return failingAnswer;
  throw new DnsQueryError(`${type} ${name}: ${failures.join("; ")}`);
}

async function ask(server: DnsServer, name: string, type: RecordType, timeoutMs: number): Promise<DnsResponse> {
  if (server.transport === "doh") {
    // RFC 8484 §4.1: id 0 keeps answers cacheable by HTTP caches; HTTPS itself ties the answer to the question.
    const bytes = await exchangeDoh(server.url, encodeQuery(name, type, 0), { timeoutMs });
    return decodeResponse(bytes, { id: 0, name, type });
  }
  const id = randomQueryId();
  const bytes = await exchangeUdp(server, encodeQuery(name, type, id), {
    timeoutMs,
    isOurs: (reply) => looksLikeAnswerTo(reply, id),
  });
  const response = decodeResponse(bytes, { id, name, type });
  return response.truncated ? await askOverTcp(server, name, type, timeoutMs) : response;
}

async function askOverTcp(server: NameServer, name: string, type: RecordType, timeoutMs: number): Promise<DnsResponse> {
  const id = randomQueryId();
  const bytes = await exchangeTcp(server, encodeQuery(name, type, id), { timeoutMs });
  return decodeResponse(bytes, { id, name, type });
}
