// A payment provider's name as a title ("Cryptocurrency"); the contract's labels are lower case where a sentence needs
// them ("Failed to save cryptocurrency configuration").
import { PAYMENT_PROVIDER_LABELS, PAYMENT_PROVIDERS, type PaymentProvider } from "@contracts/admin";

export function providerTitle(provider: PaymentProvider): string {
  const label = PAYMENT_PROVIDER_LABELS[provider];
  return label[0]!.toUpperCase() + label.slice(1);
}

export function isPaymentProvider(value: string): value is PaymentProvider {
  return (PAYMENT_PROVIDERS as readonly string[]).includes(value);
}
