// Local TCP ports: the internal ones devstack hands out (each function's) and the wait for a server to listen.
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
