import { createConnection, createServer, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { freePort, waitForFreePorts } from "./ports.ts";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function listenOn(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer((socket) => {
      // The tests reset their client connections on purpose.
      socket.on("error", () => {});
      cleanups.push(() => socket.destroy());
    });
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}

/**
 * A client connection and the port of its local end, which the OS chose from the ephemeral range: the way an earlier
 * run's sockets hold ports (a socket bound to a chosen port would have SO_REUSEADDR set, and not get in the way).
 */
async function clientConnection(): Promise<{ client: Socket; port: number }> {
  const server = await listenOn(await freePort());
  cleanups.push(() => server.close());
  const address = server.address();
  const serverPort = typeof address === "object" && address ? address.port : 0;
  return new Promise((resolve, reject) => {
    const client = createConnection({ host: "127.0.0.1", port: serverPort });
    client.once("connect", () => resolve({ client, port: client.localPort ?? 0 }));
    client.once("error", reject);
  });
}

describe("waitForFreePorts", () => {
  it("passes free ports at once, without a word", async () => {
    const lines: string[] = [];
    await waitForFreePorts([await freePort(), await freePort()], { log: (line) => lines.push(line) });
    expect(lines).toEqual([]);
  });

  it("refuses a port a server listens on", async () => {
    const port = await freePort();
    const server = await listenOn(port);
    cleanups.push(() => server.close());
    await expect(waitForFreePorts([port], { log: () => {} })).rejects.toThrow(`Port ${port} is already in use`);
  });

  it("waits, saying why, while a connection's local end holds the port, and goes on once it is released", async () => {
    const { client, port } = await clientConnection();
    const lines: string[] = [];
    const waiting = waitForFreePorts([port], { log: (line) => lines.push(line), pollMs: 10 });
    await expect.poll(() => lines).toEqual([
      `port ${port} is still held by a closing connection; waiting for it to be released (up to a minute)`,
    ]);
    // A reset, not a close: a close would leave this end in TIME-WAIT, holding the port for another minute.
    client.resetAndDestroy();
    await expect(waiting).resolves.toBeUndefined();
  });

  it("gives up on a port that stays held", async () => {
    const { client, port } = await clientConnection();
    cleanups.push(() => client.resetAndDestroy());
    await expect(waitForFreePorts([port], { log: () => {}, timeoutMs: 50, pollMs: 10 })).rejects.toThrow(
      `Port ${port} stayed in use for 0.05 s`,
    );
  });
});
