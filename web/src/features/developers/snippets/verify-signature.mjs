import { createHmac, timingSafeEqual } from "node:crypto";

// Checks a MailScout-Signature header ("t=<unix seconds>,v1=<hex>") against the raw request body, exactly as
// received (before any JSON parsing), with your webhook signing secret. Refuses signatures older than five minutes,
// so a captured delivery cannot be replayed later.
export function verifyMailScoutSignature(header, rawBody, secret, toleranceSeconds = 300) {
  const fields = Object.fromEntries(
    String(header ?? "")
      .split(",")
      .map((part) => part.trim().split("=", 2)),
  );
  if (!/^\d+$/.test(fields.t ?? "") || !/^[0-9a-f]{64}$/.test(fields.v1 ?? "")) return false;
  if (Math.abs(Date.now() / 1000 - Number(fields.t)) > toleranceSeconds) return false;
  const expected = createHmac("sha256", secret).update(`${fields.t}.${rawBody}`).digest();
  return timingSafeEqual(Buffer.from(fields.v1, "hex"), expected);
}
