// A customer's webhook receiver, as small as the /developers verification snippet makes it: it reads the raw body,
// checks MailScout-Signature (t=<unix>,v1=<hex HMAC-SHA256 of "t.body">) against the signing secret with a constant-
// time comparison and a 5-minute tolerance, and records what arrived, verified or not, for the test to read.
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import {
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TOLERANCE_SECONDS,
} from "../../edge-functions/_shared/api-keys/contract.ts";

export type ReceivedWebhook = { body: string; deliveryId: string; verified: boolean; receivedAt: number };

export type WebhookReceiver = {
  port: number;
  received: ReceivedWebhook[];
  stop(): Promise<void>;
};

/** True when `header` signs `body` with `secret` and is at most WEBHOOK_TOLERANCE_SECONDS old. */
export function verifySignature(header: string, secret: string, body: string, nowSeconds = Date.now() / 1000): boolean {
  const parts = Object.fromEntries(header.split(",").map((part) => part.split("=", 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isFinite(timestamp) || !parts.v1 || Math.abs(nowSeconds - timestamp) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const expected = createHmac("sha256", secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** An HTTPS receiver on 127.0.0.1 presenting `tls`, answering 200 to every POST it can read. */
export function startWebhookReceiver(tls: { cert: string; key: string }, secret: () => string): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const server: Server = createServer(tls, (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const signature = String(request.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] ?? "");
      received.push({
        body,
        deliveryId: String(request.headers[WEBHOOK_DELIVERY_HEADER.toLowerCase()] ?? ""),
        verified: verifySignature(signature, secret(), body),
        receivedAt: Date.now(),
      });
      response.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      resolve({
        port: (server.address() as AddressInfo).port,
        received,
        stop: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
