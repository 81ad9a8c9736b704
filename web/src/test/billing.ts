// Billing's answers for tests of the pricing page's checkout and the screens a checkout returns to.
import { CATALOGUE, type CatalogueAnswer, type Payment } from "@contracts/billing";
import { payment } from "./account";

export function catalogueAnswer(providers: CatalogueAnswer["providers"] = ["stripe", "paypal", "venmo", "cashapp", "crypto"]) {
  return {
    items: [...CATALOGUE],
    providers,
    planProviders: providers.filter((provider) => provider === "stripe"),
  } satisfies CatalogueAnswer;
}

/** The account fixture's payment, as the checkout's return finds it just paid. */
export function buyerPayment(extra: Partial<Payment> = {}): Payment {
  return payment({
    id: "7d3f1c2a-5b6e-4f70-8a9b-0c1d2e3f4a5b",
    reference: "cs_test_a1",
    createdAt: "2026-11-26T10:00:00.000Z",
    paidAt: "2026-11-26T10:01:00.000Z",
    ...extra,
  });
}
