// Billing's answers for tests of the pricing page's checkout and the screens a checkout returns to.
import { CATALOGUE, type CatalogueAnswer, type Payment } from "@contracts/billing";

export function catalogueAnswer(providers: CatalogueAnswer["providers"] = ["stripe", "paypal", "venmo", "cashapp", "crypto"]) {
  return {
    items: [...CATALOGUE],
    providers,
    planProviders: providers.filter((provider) => provider === "stripe"),
  } satisfies CatalogueAnswer;
}

export function buyerPayment(extra: Partial<Payment> = {}): Payment {
  return {
    id: "7d3f1c2a-5b6e-4f70-8a9b-0c1d2e3f4a5b",
    itemId: "credits-800",
    description: "800 credits",
    amountCents: 1200,
    creditsGranted: 800,
    paymentMethod: "stripe",
    status: "completed",
    reference: "cs_test_a1",
    discountCents: 0,
    createdAt: "2026-11-26T10:00:00.000Z",
    paidAt: "2026-11-26T10:01:00.000Z",
    rejectionReason: null,
    refundRequestedAt: null,
    refundedAt: null,
    refundable: true,
    ...extra,
  };
}
