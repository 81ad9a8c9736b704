// The bench's concurrent load, sent from a process of its own. From the bench's process it would share an event loop
// with devstack's gateway, which runs in that same process: each side would slow the other, and the client's own
// time would be counted as the server's.
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";

export type LoadJob = {
  url: string;
  /** Every client's headers, or one set per client (clients signed in as different users). */
  headers: Record<string, string> | Record<string, string>[];
  /** POST unless told; a GET sends each of `bodies` as the URL's query string instead of a body (none when empty). */
  method?: "GET" | "POST";
  /** One POST body per request: the first `warmup` are sent, at the same concurrency, and not measured. */
  bodies: string[];
  warmup: number;
  clients: number;
};

export type LoadResult = { durations: number[]; perSecond: number };

export function loadFromProcess(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [], { execArgv: ["--import", "tsx"] });
    let result: LoadResult | undefined;
    child.once("message", (answer) => {
      result = answer as LoadResult;
      child.disconnect();
    });
    child.once("error", reject);
    child.once("exit", (code) => (result ? resolve(result) : reject(new Error(`the load process exited with code ${code}`))));
    child.send(job);
  });
}

async function send(job: LoadJob, client: number, body: string): Promise<number> {
  const headers = Array.isArray(job.headers) ? job.headers[client % job.headers.length] : job.headers;
  const startedAt = performance.now();
  const method = job.method ?? "POST";
  const url = method === "GET" && body ? `${job.url}?${body}` : job.url;
  const response = await fetch(url, method === "GET" ? { headers } : { method, headers, body });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${method} ${url} answered ${response.status}`);
  return performance.now() - startedAt;
}

/** `clients` loops, each sending its next request when the previous one is answered, until every body is sent. */
async function run(job: LoadJob, bodies: string[]): Promise<LoadResult> {
  const durations: number[] = [];
  let next = 0;
  const startedAt = performance.now();
  await Promise.all(
    Array.from({ length: job.clients }, async (_, client) => {
      while (next < bodies.length) durations.push(await send(job, client, bodies[next++]!));
    }),
  );
  const elapsed = performance.now() - startedAt;
  return { durations: durations.sort((a, b) => a - b), perSecond: bodies.length / (elapsed / 1000) };
}

// Run as the forked process: the job comes in over IPC, the result goes back the same way.
if (process.argv[1] === fileURLToPath(import.meta.url) && process.send) {
  process.once("message", async (job: LoadJob) => {
    // Warm: the server's code compiled and its connections open, as on a server that has been up a while.
    await run(job, job.bodies.slice(0, job.warmup));
    process.send?.(await run(job, job.bodies.slice(job.warmup)));
  });
}
