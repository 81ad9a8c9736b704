// Serving a provider fake (payments, Zoho) on a loopback port. The app is built once listening, since it names its own
// URL in its answers and a port of 0 is known only then.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import type { Hono } from "hono";

export function listenFake(build: (base: string) => Hono, port: number, name: string): Promise<{ server: Server; url: string }> {
  let app: Hono | undefined;
  const server = createAdaptorServer({ fetch: (request: Request) => app!.fetch(request) }) as Server;
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(new Error(`The fake ${name} cannot listen on 127.0.0.1:${port}: ${error.message}`));
    server.once("error", onError);
    // Loopback only, like the rest of the stack.
    server.listen(port, "127.0.0.1", () => {
      server.off("error", onError);
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      app = build(url);
      resolve({ server, url });
    });
  });
}

export function closeFake(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    // Keep-alive connections would hold close() open until they time out.
    server.closeAllConnections();
  });
}
