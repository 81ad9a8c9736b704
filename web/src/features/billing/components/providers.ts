// Which providers sell an item, and what the checkout calls each. Plans renew on their own, so only the providers the
// catalogue names for plans sell them; credit blocks are sold by every provider that is open.
import {
  type CatalogueAnswer,
  type CatalogueItem,
  CHECKOUT_PROVIDERS,
  type CheckoutProvider,
  MANUAL_PROVIDERS,
  type ManualProvider,
} from "@contracts/billing";

export type Provider = CatalogueAnswer["providers"][number];

export function providersFor(catalogue: CatalogueAnswer, item: CatalogueItem): Provider[] {
  if (item.kind === "credits") return catalogue.providers;
  return catalogue.providers.filter((provider) => (catalogue.planProviders as Provider[]).includes(provider));
}

export function isCheckoutProvider(provider: Provider): provider is CheckoutProvider {
  return (CHECKOUT_PROVIDERS as readonly Provider[]).includes(provider);
}

export function isManualProvider(provider: string): provider is ManualProvider {
  return (MANUAL_PROVIDERS as readonly string[]).includes(provider);
}

export const PROVIDER_NAMES: Record<Provider, string> = {
  stripe: "card",
  paypal: "PayPal",
  venmo: "Venmo",
  cashapp: "Cash App",
  crypto: "cryptocurrency",
};
