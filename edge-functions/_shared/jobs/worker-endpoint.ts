// The request handler of a worker function (Deno.serve(workerEndpoint(...)) in edge-functions/<job>-worker/): POST with
// the shared secret, or nothing happens. The answer's status and headers go out at once, so whoever kicked the worker
// (the api, a predecessor, pg_net) can hang up; the run goes on as a background task (EdgeRuntime.waitUntil) and its
// summary is the body, written when the run ends, for a caller that waits (a test, an operator with curl).
import { inBackground } from "./kick.ts";
import { isWorkerSecret, WORKER_SECRET_HEADER } from "./worker-secret.ts";

export interface WorkerEndpointOptions {
  /** The function's name, for its log lines. */
  name: string;
  /** The shared secret (WORKER_SECRET), read when a request arrives. */
  secret: () => string;
  /** One run of the worker; what it resolves to is the answer's body. */
  run: () => Promise<unknown>;
}

export function workerEndpoint({ name, secret, run }: WorkerEndpointOptions): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== "POST") {
      return Response.json({ message: "Method not allowed" }, { status: 405, headers: { allow: "POST" } });
    }
    if (!(await isWorkerSecret(request.headers.get(WORKER_SECRET_HEADER), secret()))) {
      return Response.json({ message: "Not authorised" }, { status: 401 });
    }
    const outcome = inBackground(
      run().then(
        (summary) => JSON.stringify(summary),
        (error) => {
          console.error(`${name} failed:`, error);
          return JSON.stringify({ error: "The worker failed; its log says why" });
        },
      ),
    );
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        const text = await outcome;
        // The caller may have hung up already (a kick does at once): the run went on all the same.
        try {
          controller.enqueue(new TextEncoder().encode(text));
          controller.close();
        } catch {
          // Nobody is reading.
        }
      },
    });
    return new Response(body, { status: 200, headers: { "content-type": "application/json" } });
  };
}
