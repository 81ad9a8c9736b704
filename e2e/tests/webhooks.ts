// The customer's side of a webhook: the fixture proxy's HTTPS receiver (pinned.test, reached through the proxy's CONNECT
// tunnel exactly as a delivery leaves in production) keeps what arrived, and the test verifies each signature as the
// /developers snippet does: the raw body, MailScout-Signature's t=<unix>,v1=<hex HMAC-SHA256 of "t.body">, a constant-
// time comparison and a 5-minute tolerance.
import { createHmac, timingSafeEqual } from "node:crypto";
import {
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TOLERANCE_SECONDS,
} from "../../edge-functions/_shared/api-keys/contract.ts";

/** The receiver's name: the fixture DNS gives it a public address, the proxy tunnels it to the receiver. */
export const RECEIVER_ORIGIN = "https://pinned.test";

export type ReceivedWebhook = { path: string; body: string; signature: string; deliveryId: string };

function proxyUrl(): string {
  const url = process.env.OUTBOUND_HTTP_PROXY;
  if (!url) throw new Error("OUTBOUND_HTTP_PROXY is required: the stack's fixture proxy, whose receiver keeps the webhooks");
  return url;
}

/** What the receiver got at `path` so far, oldest first. */
export async function webhooksReceivedAt(path: string): Promise<ReceivedWebhook[]> {
  const response = await fetch(`${proxyUrl()}/webhooks`);
  const received = (await response.json()) as { path: string; headers: Record<string, string>; body: string }[];
  return received
    .filter((request) => request.path === path)
    .map((request) => ({
      path: request.path,
      body: request.body,
      signature: request.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] ?? "",
      deliveryId: request.headers[WEBHOOK_DELIVERY_HEADER.toLowerCase()] ?? "",
    }));
}

/** True when `header` signs `body` with `secret` and is at most WEBHOOK_TOLERANCE_SECONDS old. */
export function verifySignature(header: string, secret: string, body: string, nowSeconds = Date.now() / 1000): boolean {
  const parts = new Map(header.split(",").map((part) => part.split("=", 2) as [string, string]));
  const timestamp = Number(parts.get("t"));
  const given = Buffer.from(parts.get("v1") ?? "", "hex");
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const expected = createHmac("sha256", secret).update(`${parts.get("t")}.${body}`).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}
