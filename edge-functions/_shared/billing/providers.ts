// Which payment providers are open (configured and switched on by an admin) and their opened credentials, read on
// each use so an admin's change applies at once. The secrets are opened by the admin area's payment-config module,
// the one place that opens them; they never leave the server. Selling asks for an open provider; what follows a sale
// (webhooks, captures, refunds, cancellations) needs only a configured one, since switching a provider off stops new
// sales, not the ones made.
import { paymentCredentials, type ProviderCredentials } from "../admin/index.ts";
import { DomainError } from "../errors.ts";
import { CHECKOUT_PROVIDERS, type CheckoutProvider, MANUAL_PROVIDERS, type ManualProvider } from "./contract.ts";
import { type PaypalSettings, paypalSettings } from "./paypal-client.ts";
import { type Stripe, stripeClient } from "./stripe-client.ts";

export type BillingProvider = CheckoutProvider | ManualProvider;
export type Use = "sale" | "after-sale";

/** The open providers, in the catalogue's order (checkout providers first). */
export async function openProviders(): Promise<BillingProvider[]> {
  const active = await paymentCredentials("active");
  return [...CHECKOUT_PROVIDERS, ...MANUAL_PROVIDERS].filter((provider) => active.has(provider));
}

/** A provider's credentials for a sale (open) or after one (configured); provider_not_open otherwise. */
export async function providerCredentials(provider: BillingProvider, use: Use): Promise<ProviderCredentials> {
  const credentials = (await paymentCredentials(use === "sale" ? "active" : "configured")).get(provider);
  if (!credentials) throw new DomainError("provider_not_open", { provider });
  return credentials;
}

export interface StripeAccount {
  client: Stripe;
  /** Unset until the admin saves the webhook's signing secret: webhooks are refused until then. */
  webhookSecret: string | null;
}

export async function stripeAccount(use: Use): Promise<StripeAccount> {
  const credentials = await providerCredentials("stripe", use);
  return { client: stripeClient(credentials.secretKey!), webhookSecret: credentials.webhookSecret ?? null };
}

export async function paypalAccount(use: Use): Promise<PaypalSettings> {
  const credentials = await providerCredentials("paypal", use);
  return paypalSettings({ clientId: credentials.clientId!, clientSecret: credentials.clientSecret! });
}
