// How each provider's credential fields read on the form: the same names as the server's messages use, and which of
// them are secrets (typed into password fields, never shown again).
import type { PaymentProvider } from "@contracts/admin";

export type CredentialField = { label: string; secret?: boolean; placeholder?: string };

export const CREDENTIAL_FIELDS: Record<PaymentProvider, Record<string, CredentialField>> = {
  stripe: {
    publishableKey: { label: "Publishable key", placeholder: "pk_live_..." },
    secretKey: { label: "Secret key", secret: true, placeholder: "sk_live_..." },
    webhookSecret: { label: "Webhook signing secret", secret: true, placeholder: "whsec_..." },
  },
  paypal: {
    clientId: { label: "Client ID" },
    clientSecret: { label: "Client secret", secret: true },
  },
  venmo: { username: { label: "Venmo username", placeholder: "@your-business" } },
  cashapp: { username: { label: "Cash App $Cashtag", placeholder: "$YourBusiness" } },
  crypto: {
    bitcoinAddress: { label: "Bitcoin address", placeholder: "bc1..." },
    ethereumAddress: { label: "Ethereum address", placeholder: "0x..." },
  },
};
