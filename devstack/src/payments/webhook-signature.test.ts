import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { newWebhookSecret, stripeSignatureHeader } from "./webhook-signature.ts";

const stripe = new Stripe("sk_test_signature_check");
const payload = JSON.stringify({ id: "evt_1", object: "event", type: "checkout.session.completed" }, null, 2);

describe("Stripe-Signature", () => {
  it("is the header stripe-node computes for the same payload, secret and time", async () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    const expected = await stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, timestamp: 1_800_000_000 });
    expect(stripeSignatureHeader(payload, secret, 1_800_000_000)).toBe(expected);
  });

  it("passes constructEventAsync now, and fails it with another secret, another body or an old timestamp", async () => {
    const secret = newWebhookSecret();
    const now = Math.floor(Date.now() / 1000);
    const header = stripeSignatureHeader(payload, secret, now);
    expect((await stripe.webhooks.constructEventAsync(payload, header, secret)).id).toBe("evt_1");
    await expect(stripe.webhooks.constructEventAsync(payload, header, newWebhookSecret())).rejects.toThrow(/No signatures found/);
    await expect(stripe.webhooks.constructEventAsync(`${payload} `, header, secret)).rejects.toThrow(/No signatures found/);
    const old = stripeSignatureHeader(payload, secret, now - 301);
    await expect(stripe.webhooks.constructEventAsync(payload, old, secret, 300)).rejects.toThrow(/tolerance/);
  });
});
