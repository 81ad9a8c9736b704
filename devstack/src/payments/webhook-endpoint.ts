// A stand-in for the api's webhook routes in the fakes' own tests: it records every request it receives and answers
// 200, or the status a test sets, so a test can check exactly what a provider would have sent.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface WebhookEndpoint {
  /** Stands for http://127.0.0.1:PORT/functions/v1 (what the fakes post under). */
  functionsUrl: string;
  received: ReceivedWebhook[];
  answerWith(status: number): void;
  stop(): Promise<void>;
}

export async function startWebhookEndpoint(): Promise<WebhookEndpoint> {
  const received: ReceivedWebhook[] = [];
  let status = 200;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        path: request.url ?? "",
        headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])),
        body: Buffer.concat(chunks).toString("utf8"),
      });
      response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ received: true }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    functionsUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/functions/v1`,
    received,
    answerWith: (next) => (status = next),
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
