// Stripe's webhooks: only a body signed with the secret, within five minutes, is an event; and what an invoice does.
import assert from "node:assert/strict";
import { DomainError } from "../errors.ts";
import { type Stripe, verifiedStripeEvent, WEBHOOK_TOLERANCE_SECONDS } from "./stripe-client.ts";
import { invoicePaid } from "./stripe-webhooks.ts";
import StripeClient from "stripe";

const SECRET = "whsec_unitTestSigningSecret0001";
const body = JSON.stringify({ id: "evt_1", object: "event", type: "checkout.session.completed", data: { object: {} } });

async function signed(payload: string, secret: string, timestamp: number): Promise<string> {
  return await StripeClient.webhooks.generateTestHeaderStringAsync({
    payload,
    secret,
    timestamp,
    cryptoProvider: StripeClient.createSubtleCryptoProvider(),
  });
}

const now = () => Math.floor(Date.now() / 1000);

function refusedAs(reason: string) {
  return (error: unknown) => error instanceof DomainError && error.reason === reason;
}

Deno.test("a body signed with the secret is the event it says", async () => {
  const event = await verifiedStripeEvent(body, await signed(body, SECRET, now()), SECRET);
  assert.equal(event.id, "evt_1");
  assert.equal(event.type, "checkout.session.completed");
});

Deno.test("a forged signature, a changed body or no signature is refused", async () => {
  await assert.rejects(verifiedStripeEvent(body, await signed(body, "whsec_someoneElsesSecret", now()), SECRET), refusedAs("webhook_signature_invalid"));
  const header = await signed(body, SECRET, now());
  await assert.rejects(verifiedStripeEvent(body.replace("evt_1", "evt_2"), header, SECRET), refusedAs("webhook_signature_invalid"));
  await assert.rejects(verifiedStripeEvent(body, undefined, SECRET), refusedAs("webhook_signature_invalid"));
  await assert.rejects(verifiedStripeEvent(body, "t=1,v1=nothex", SECRET), refusedAs("webhook_signature_invalid"));
});

Deno.test("a signature older than the tolerance is refused: a replay of a captured call", async () => {
  const stale = await signed(body, SECRET, now() - WEBHOOK_TOLERANCE_SECONDS - 10);
  await assert.rejects(verifiedStripeEvent(body, stale, SECRET), refusedAs("webhook_signature_invalid"));
  const recent = await signed(body, SECRET, now() - WEBHOOK_TOLERANCE_SECONDS + 30);
  assert.equal((await verifiedStripeEvent(body, recent, SECRET)).id, "evt_1");
});

Deno.test("a signed body that is not JSON is refused as no event", async () => {
  const garbage = "not json";
  await assert.rejects(verifiedStripeEvent(garbage, await signed(garbage, SECRET, now()), SECRET), refusedAs("webhook_invalid"));
});

function invoice(billingReason: string, subscription: string | null): Stripe.Invoice {
  return {
    id: "in_1",
    billing_reason: billingReason,
    amount_paid: 1900,
    period_start: 1_800_000_000,
    period_end: 1_800_000_000,
    parent: subscription ? { subscription_details: { subscription, metadata: null }, type: "subscription_details" } : null,
    lines: { data: [{ period: { start: 1_800_000_000, end: 1_802_592_000 } }] },
  } as unknown as Stripe.Invoice;
}

Deno.test("a renewal invoice renews its subscription; the first one (the checkout's) and others are ignored", () => {
  assert.equal(invoicePaid(invoice("subscription_cycle", "sub_1")).action, "subscription_renewed");
  assert.equal(invoicePaid(invoice("subscription_create", "sub_1")).action, "ignored");
  assert.equal(invoicePaid(invoice("manual", null)).action, "ignored");
  assert.equal(invoicePaid(invoice("subscription_cycle", null)).action, "ignored");
});
