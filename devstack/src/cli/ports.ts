// Local TCP ports: the internal ones devstack hands out (each function's), the stack's own ports being free, and the
// wait for a server to listen.
import { createConnection, createServer } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

/** A port free on 127.0.0.1 right now, chosen by the OS. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** Whether something accepts TCP connections on 127.0.0.1:port. */
export function isListening(port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port, timeout: timeoutMs });
    const done = (listening: boolean) => {
      socket.destroy();
      resolve(listening);
    };
    socket.once("connect", () => done(true));
    socket.once("timeout", () => done(false));
    socket.once("error", () => done(false));
  });
}

/**
 * Polls until the port accepts connections. Gives up when `failure()` returns a reason (the server died) or after
 * timeoutMs; calls onSlow once if the wait passes slowAfterMs.
 */
export async function waitForPort(
  port: number,
  options: { timeoutMs: number; failure: () => string | undefined; slowAfterMs?: number; onSlow?: () => void },
): Promise<void> {
  const started = Date.now();
  let warned = false;
  for (;;) {
    const reason = options.failure();
    if (reason) throw new Error(reason);
    if (await isListening(port)) return;
    const waited = Date.now() - started;
    if (waited > options.timeoutMs) throw new Error(`nothing listened on port ${port} within ${options.timeoutMs / 1000} s`);
    if (!warned && options.slowAfterMs !== undefined && waited > options.slowAfterMs) {
      warned = true;
      options.onSlow?.();
    }
    await sleep(100);
  }
}

/** Whether a server could listen on 127.0.0.1:port right now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/**
 * Makes sure the stack can listen on these ports. One a server listens on is refused at once. One held only by a
 * connection's local end (its ports are in Linux's ephemeral range, 32768-60999, so a client socket of an earlier
 * run, closing down in TIME-WAIT, can hold one for up to 60 s) is waited for, saying so, rather than failing the run.
 */
export async function waitForFreePorts(
  ports: number[],
  options: { log: (line: string) => void; timeoutMs?: number; pollMs?: number },
): Promise<void> {
  const { log, timeoutMs = 75_000, pollMs = 1000 } = options;
  for (const port of ports) {
    if (await isListening(port)) throw new Error(`Port ${port} is already in use`);
    if (await canListen(port)) continue;
    log(`port ${port} is still held by a closing connection; waiting for it to be released (up to a minute)`);
    const started = Date.now();
    while (!(await canListen(port))) {
      if (await isListening(port)) throw new Error(`Port ${port} is already in use`);
      if (Date.now() - started > timeoutMs) throw new Error(`Port ${port} stayed in use for ${timeoutMs / 1000} s`);
      await sleep(pollMs);
    }
  }
}
