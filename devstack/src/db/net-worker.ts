// pg_net's background worker, as a devstack component beside the stand-in extension (devstack/sql/pg_net/): it sends
// the requests that net.http_get / http_post / http_delete queue and writes each outcome to net._http_response, as
// pg_net does with curl. It runs only while the stack runs; requests queued meanwhile wait in the table.
//
// It listens for the queue's notification, which PostgreSQL delivers when the enqueuing transaction commits (never for
// one that rolls back), and sweeps the queue whenever its listening connection (re)connects, so nothing queued while it
// was away is forgotten. Rows are taken with delete ... returning, as pg_net's worker takes them: a request is sent at
// most once, and one in flight when the stack stops is recorded as cancelled.
import postgres from "postgres";

// pg_net's defaults for pg_net.batch_size and pg_net.ttl.
const BATCH_SIZE = 200;
const RESPONSE_TTL = "6 hours";
const USER_AGENT = "pg_net/0.20.4";
const WAKE_CHANNEL = "pg_net_wake";
/** The listening connection's name: net.check_worker_is_up() looks for it. */
const LISTENER_NAME = "pg_net worker";

interface QueuedRequest {
  id: string;
  method: string;
  url: string;
  headers: Record<string, unknown> | null;
  body: Buffer | null;
  timeout_milliseconds: number;
}

interface Outcome {
  status_code: number | null;
  content_type: string | null;
  headers: Record<string, string> | null;
  content: string | null;
  timed_out: boolean;
  error_msg: string | null;
}

export interface NetWorker {
  /** Resolves while the worker listens for requests; throws saying why not. */
  probe(): Promise<void>;
  /** Stops taking requests and cancels those in flight, recording them as cancelled. */
  stop(): Promise<void>;
}

export async function startNetWorker(options: { dbUrl: string; log: (line: string) => void }): Promise<NetWorker> {
  const { log } = options;
  const sql = postgres(options.dbUrl, { max: 4, onnotice: () => {}, connection: { application_name: "pg_net requests" } });
  const listenerSql = postgres(options.dbUrl, { max: 1, onnotice: () => {}, connection: { application_name: LISTENER_NAME } });
  const inFlight = new Map<Promise<void>, AbortController>();
  let stopping = false;
  let sweeping: Promise<void> | undefined;
  let sweepAgain = false;

  const send = (request: QueuedRequest) => {
    const controller = new AbortController();
    const done = perform(request, controller.signal)
      .then((outcome) => record(request.id, outcome))
      .catch((error: unknown) => log(`net worker: request ${request.id} could not be recorded: ${String(error)}`))
      .finally(() => inFlight.delete(done));
    inFlight.set(done, controller);
  };

  const sweep = async () => {
    await sql`delete from net._http_response where created < now() - ${RESPONSE_TTL}::interval`;
    do {
      sweepAgain = false;
      for (let full = true; full && !stopping; ) {
        const batch = await sql<QueuedRequest[]>`
          delete from net.http_request_queue as queued
          using (select id from net.http_request_queue order by id limit ${BATCH_SIZE} for update skip locked) as taken
          where queued.id = taken.id
          returning queued.id, queued.method, queued.url, queued.headers, queued.body, queued.timeout_milliseconds`;
        for (const request of batch.sort((a, b) => Number(BigInt(a.id) - BigInt(b.id)))) send(request);
        full = batch.length === BATCH_SIZE;
      }
      // A wake that came during a batch is seen here; after this check nothing is awaited before the sweep ends.
    } while (sweepAgain && !stopping);
  };

  const wake = () => {
    if (stopping) return;
    if (sweeping) {
      sweepAgain = true;
      return;
    }
    sweeping = sweep()
      .catch((error: unknown) => log(`net worker: reading net.http_request_queue failed: ${String(error)}`))
      .finally(() => (sweeping = undefined));
  };

  const record = async (id: string, outcome: Outcome) => void await sql`
    insert into net._http_response (id, status_code, content_type, headers, content, timed_out, error_msg)
    values (${id}, ${outcome.status_code}, ${outcome.content_type},
      ${outcome.headers === null ? null : sql.json(outcome.headers)}, ${outcome.content}, ${outcome.timed_out},
      ${outcome.error_msg})`;

  let listening: { unlisten(): Promise<void> };
  try {
    // Called again on every reconnection, so each (re)connect starts with a sweep.
    listening = await listenerSql.listen(WAKE_CHANNEL, wake, wake);
  } catch (error) {
    await Promise.all([sql.end({ timeout: 1 }), listenerSql.end({ timeout: 1 })]);
    throw new Error(`The net worker could not listen for requests: ${(error as Error).message}`);
  }

  return {
    probe: async () => void (await sql`select net.check_worker_is_up()`),
    stop: async () => {
      stopping = true;
      // The database may be gone already (the stack stops because it died); the rest must still be stopped.
      await listening.unlisten().catch(() => {});
      await sweeping;
      for (const controller of inFlight.values()) controller.abort(new Error("request cancelled: devstack stopped"));
      await Promise.all(inFlight.keys());
      await Promise.all([sql.end({ timeout: 5 }), listenerSql.end({ timeout: 5 })]);
    },
  };
}

/** Sends one request within its timeout and describes what came of it, as pg_net's worker records it. */
async function perform(request: QueuedRequest, cancelled: AbortSignal): Promise<Outcome> {
  const failure = (error_msg: string, timed_out = false): Outcome => ({
    status_code: null,
    content_type: null,
    headers: null,
    content: null,
    timed_out,
    error_msg,
  });
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return failure("URL using bad/illegal format or missing URL");
  }
  // pg_net lets curl speak only these.
  if (url.protocol !== "http:" && url.protocol !== "https:") return failure("Unsupported protocol");

  const started = performance.now();
  const timeout = AbortSignal.timeout(request.timeout_milliseconds);
  try {
    const response = await fetch(url, {
      method: request.method.toUpperCase(),
      headers: { "User-Agent": USER_AGENT, ...headerStrings(request.headers) },
      body: request.body && new Uint8Array(request.body),
      redirect: "follow",
      signal: AbortSignal.any([timeout, cancelled]),
    });
    // The whole exchange, body included, is within the timeout, as curl's CURLOPT_TIMEOUT_MS bounds it.
    const text = await response.text();
    // pg_net keeps the body as a C string: it ends at the first NUL, and an empty one is null.
    const content = text.split("\0")[0] || null;
    return {
      status_code: response.status,
      content_type: response.headers.get("content-type"),
      headers: Object.fromEntries(response.headers),
      content,
      timed_out: false,
      error_msg: null,
    };
  } catch (error) {
    if (timeout.aborted) {
      const elapsed = (performance.now() - started).toFixed(3);
      return failure(`Timeout of ${request.timeout_milliseconds} ms reached. Total time: ${elapsed} ms`, true);
    }
    if (cancelled.aborted) return failure(String((cancelled.reason as Error).message));
    // fetch says only "fetch failed"; the cause names what went wrong (connection refused, reset, DNS).
    const cause = (error as Error & { cause?: Error }).cause;
    return failure(cause?.message ?? (error as Error).message);
  }
}

/** pg_net sends each header as `key: value`, with the value as jsonb_each_text writes it. */
function headerStrings(headers: Record<string, unknown> | null): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers ?? {}).map(([name, value]) => [name, typeof value === "string" ? value : JSON.stringify(value)]),
  );
}
