// Stripe's webhook signature: Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>">, keyed with
// the endpoint's whole signing secret (the "whsec_..." string itself, as Stripe's libraries use it).
import { createHmac, randomBytes } from "node:crypto";

/** A new endpoint signing secret in Stripe's form. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64url")}`;
}

export function stripeSignature(payload: string, secret: string, timestamp: number): string {
  return createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
}

/** The Stripe-Signature header for a payload sent at `timestamp` (seconds since the epoch). */
export function stripeSignatureHeader(payload: string, secret: string, timestamp: number): string {
  return `t=${timestamp},v1=${stripeSignature(payload, secret, timestamp)}`;
}
