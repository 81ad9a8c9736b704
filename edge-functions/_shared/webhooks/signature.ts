// The MailScout-Signature header, in Stripe's scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` under
// the owner's signing secret. Signing the timestamp with the body lets a receiver refuse a captured delivery replayed
// later; several v1 entries may appear (a receiver accepts any that matches), as Stripe sends during a secret's change.
import { Buffer } from "node:buffer";
import { WEBHOOK_TOLERANCE_SECONDS } from "../contracts/api-keys.ts";

function hmacKey(secret: string, usage: "sign" | "verify"): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    usage,
  ]);
}

function signedPayload(timestamp: number | string, body: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`${timestamp}.${body}`);
}

export async function signatureHeader(secret: string, body: string, unixSeconds: number): Promise<string> {
  const mac = await crypto.subtle.sign("HMAC", await hmacKey(secret, "sign"), signedPayload(unixSeconds, body));
  return `t=${unixSeconds},v1=${Buffer.from(mac).toString("hex")}`;
}

/**
 * Whether `header` signs `body` with `secret`, made no more than `toleranceSeconds` before `nowSeconds` (nor that far
 * after it: a clock ahead is as suspect). The MAC is compared by crypto.subtle.verify, in constant time.
 */
export async function verifySignature(
  header: string,
  secret: string,
  body: string,
  nowSeconds: number,
  toleranceSeconds: number = WEBHOOK_TOLERANCE_SECONDS,
): Promise<boolean> {
  const entries = header.split(",").map((entry) => entry.trim().split("="));
  const timestamp = entries.find(([name]) => name === "t")?.[1];
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > toleranceSeconds) return false;
  const key = await hmacKey(secret, "verify");
  for (const [name, value] of entries) {
    if (name !== "v1" || !value || !/^[0-9a-f]{64}$/i.test(value)) continue;
    if (await crypto.subtle.verify("HMAC", key, Buffer.from(value, "hex"), signedPayload(timestamp, body))) return true;
  }
  return false;
}
