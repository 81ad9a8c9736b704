// Runs one edge function in plain Deno the way Supabase's edge runtime runs it, for devstack:
// - the function's own Deno.serve call listens where devstack says (127.0.0.1, a port chosen by devstack);
// - EdgeRuntime.waitUntil exists (plain Deno lacks it): background tasks are tracked and awaited before the process
//   exits, after a `beforeunload` event like the runtime's on termination;
// - a handler that throws answers 500 WORKER_ERROR, and an unhandled rejection or uncaught error is logged, not fatal:
//   the runtime isolates each request's failure, so one bad request must not take the function down.
// devstack passes the port and the entrypoint in two variables that are removed before the function starts, so the
// function sees only the environment Supabase would give it.

const port = Number(Deno.env.get("DEVSTACK_FUNCTION_PORT"));
const entrypoint = Deno.env.get("DEVSTACK_FUNCTION_ENTRYPOINT");
if (!Number.isInteger(port) || !entrypoint) {
  throw new Error("serve-function.ts is started by devstack with DEVSTACK_FUNCTION_PORT and DEVSTACK_FUNCTION_ENTRYPOINT");
}
Deno.env.delete("DEVSTACK_FUNCTION_PORT");
Deno.env.delete("DEVSTACK_FUNCTION_ENTRYPOINT");

const backgroundTasks = new Set<Promise<unknown>>();
Object.defineProperty(globalThis, "EdgeRuntime", {
  value: Object.freeze({
    waitUntil<T>(task: Promise<T>): Promise<T> {
      backgroundTasks.add(task);
      const settled = () => backgroundTasks.delete(task);
      task.then(settled, settled);
      return task;
    },
  }),
});

globalThis.addEventListener("unhandledrejection", (event) => {
  event.preventDefault();
  console.error("Unhandled promise rejection:", event.reason);
});
globalThis.addEventListener("error", (event) => {
  event.preventDefault();
  console.error("Uncaught exception:", event.error);
});

// The body and status Supabase's runtime answers when a function fails to produce a response.
function workerError(error: unknown): Response {
  console.error(error);
  return Response.json(
    { code: "WORKER_ERROR", message: "Function exited due to an error (please check logs)" },
    { status: 500 },
  );
}

type Handler = Deno.ServeHandler<Deno.NetAddr>;

function handlerOf(args: unknown[]): Handler {
  const [first, second] = args;
  if (typeof first === "function") return first as Handler;
  if (typeof second === "function") return second as Handler;
  const handler = (first as { handler?: unknown } | undefined)?.handler;
  if (typeof handler === "function") return handler as Handler;
  throw new TypeError("Deno.serve was called without a handler");
}

const serve = Deno.serve;
let server: Deno.HttpServer<Deno.NetAddr> | undefined;

// The function's options (port, hostname, onListen) are ignored, as on Supabase, where the runtime owns the socket.
// Deno.serve is an accessor on the Deno namespace, so it is redefined rather than assigned.
Object.defineProperty(Deno, "serve", {
  configurable: true,
  value: (...args: unknown[]) => {
    if (server) throw new Error("Deno.serve was called twice: an edge function serves one handler");
    const handler = handlerOf(args);
    server = serve(
      { hostname: "127.0.0.1", port, onListen: () => {}, onError: workerError },
      async (request, info) => {
        try {
          return await handler(request, info);
        } catch (error) {
          return workerError(error);
        }
      },
    );
    return server;
  },
});

let terminating: Promise<void> | undefined;
function terminate(): Promise<void> {
  terminating ??= (async () => {
    globalThis.dispatchEvent(new CustomEvent("beforeunload", { detail: "termination" }));
    await server?.shutdown();
    await Promise.allSettled(backgroundTasks);
    Deno.exit(0);
  })();
  return terminating;
}
Deno.addSignalListener("SIGTERM", terminate);
// devstack runs functions in their own process group, so if devstack is killed outright nobody sends SIGTERM: a function
// whose parent is gone stops by itself instead of holding its port forever.
const parentPid = Deno.ppid;
setInterval(() => {
  if (Deno.ppid !== parentPid) void terminate();
}, 1000);

// A function that cannot load (a syntax error, a missing package) must stop here, visibly, rather than be caught by the
// rejection handler above and leave a process that never listens.
try {
  await import(entrypoint);
} catch (error) {
  console.error("The function failed to boot:", error);
  Deno.exit(1);
}
