// A webhook receiver for tests: an HTTPS server for RECEIVER_HOST (the test certificate's name) on 127.0.0.1, which the
// fixture proxy reaches through a CONNECT tunnel, so deliveries leave exactly as in production (a checked public
// address, TLS verified against the name) and arrive here. It keeps every request, and answers the status a path asks
// for: /status/500 answers 500, /status/302 a redirect; any other path 204.
import { TEST_CERTIFICATE, TEST_PRIVATE_KEY } from "../../explorations/testing/test-certificate.ts";

/** The name deliveries are sent to; the fixture DNS zones give it a public (documentation) address. */
export const RECEIVER_HOST = "pinned.test";

export interface ReceivedWebhook {
  path: string;
  method: string;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  body: string;
}

export interface WebhookReceiver {
  port: number;
  received: ReceivedWebhook[];
  stop(): Promise<void>;
}

export function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  return new Promise((resolve) => {
    const server = Deno.serve({
      hostname: "127.0.0.1",
      port: 0,
      cert: TEST_CERTIFICATE,
      key: TEST_PRIVATE_KEY,
      onListen: ({ port }) => resolve({ port, received, stop: () => server.shutdown() }),
    }, async (request) => {
      const url = new URL(request.url);
      received.push({
        path: url.pathname + url.search,
        method: request.method,
        headers: Object.fromEntries(request.headers),
        body: await request.text(),
      });
      const status = Number(/^\/status\/(\d{3})$/.exec(url.pathname)?.[1] ?? 204);
      return new Response(status === 204 ? null : `status ${status}\n`, {
        status,
        headers: status >= 300 && status < 400 ? { location: "https://pinned.test/moved" } : {},
      });
    });
  });
}
