// What the billing API tests share: the payment fakes' controls (devstack's test client), opening providers as an
// admin with keys the fakes accept, and reading a buyer's balances and payments in the database.
import assert from "node:assert/strict";
import { paymentFakes } from "../../../devstack/src/payments/testing.ts";
import { checkoutAnswerSchema } from "../../_shared/billing/index.ts";
import { call, requiredEnv, signedInAdmin, withDatabase } from "./stack.ts";

export const fakes = paymentFakes({ stripe: requiredEnv("STRIPE_API_BASE"), paypal: requiredEnv("PAYPAL_API_BASE") });

/** Test cards the fake Stripe knows (README, "Payments in devstack"). */
export const CARDS = {
  succeeds: "4242424242424242",
  declined: "4000000000000002",
  threeDSecure: "4000002500003155",
} as const;

export const STRIPE_KEYS = { publishableKey: "pk_test_BillingApiTests01", secretKey: "sk_test_BillingApiTests01" };
export const PAYPAL_KEYS = { clientId: "billing-api-tests-client", clientSecret: "billing-api-tests-secret" };

type Provider = "stripe" | "paypal" | "venmo" | "cashapp" | "crypto";

/** Saves every provider's settings as an admin: those named open, the rest switched off. */
export async function openOnly(...open: Provider[]): Promise<void> {
  const admin = await signedInAdmin();
  const { secret } = await fakes.stripe.webhookEndpoint();
  const settings: Record<Provider, object> = {
    stripe: { ...STRIPE_KEYS, webhookSecret: secret },
    paypal: PAYPAL_KEYS,
    venmo: { username: "@mailscout-tests" },
    cashapp: { username: "$MailScoutTests" },
    crypto: { bitcoinAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq" },
  };
  for (const [provider, credentials] of Object.entries(settings)) {
    const saved = await call(`/api/payment-config/${provider}`, {
      token: admin.token,
      body: { ...credentials, isActive: open.includes(provider as Provider) },
    });
    assert.equal(saved.status, 200, saved.text);
  }
}

export interface Balances {
  paid_credits: number;
  subscription_status: string;
  plan_units_used: number;
}

export async function balancesOf(userId: string): Promise<Balances> {
  const [row] = await withDatabase((sql) => sql<Balances[]>`
    select paid_credits, subscription_status, plan_units_used from public.profiles where id = ${userId}
  `);
  return row!;
}

export interface PaymentRow {
  status: string;
  provider_reference: string | null;
  amount_cents: number;
  credits_granted: number;
  subscription_id: string | null;
}

export async function paymentRow(paymentId: string): Promise<PaymentRow> {
  const [row] = await withDatabase((sql) => sql<PaymentRow[]>`
    select status, provider_reference, amount_cents::integer, credits_granted, subscription_id
    from public.payments where id = ${paymentId}
  `);
  return row!;
}

/** Starts a checkout; its payment's id and the provider's id for it (the session or the order). */
export async function startCheckout(token: string, body: object): Promise<{ paymentId: string; reference: string; url: string }> {
  const response = await call("/api/billing/checkout", { token, body });
  assert.equal(response.status, 201, response.text);
  const { url, paymentId } = checkoutAnswerSchema.parse(response.json);
  const { provider_reference: reference } = await paymentRow(paymentId);
  assert.ok(reference, "the payment names the provider's checkout");
  return { paymentId, reference, url };
}
