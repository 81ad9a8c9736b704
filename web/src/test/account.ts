// The account's usage and payments as the billing contract answers them, for tests to start from and vary.
import type { AccountUsage, Payment } from "@contracts/billing";

/** A new account on day 1 of its trial: nothing used, the trial's allowances whole. */
export function accountUsage(overrides: Partial<AccountUsage> = {}): AccountUsage {
  return {
    plan: "free",
    subscription: null,
    trial: {
      status: "active",
      plan: "starter",
      endsAt: new Date(Date.now() + 13.5 * 86_400_000).toISOString(),
      allowances: { validations: 100, bulkRows: 5000, explorations: 20 },
      used: { validations: 0, bulkRows: 0, explorations: 0 },
    },
    balances: { monthly: 0, trial: 100, granted: 0, paid: 0 },
    monthlyAllowance: 0,
    usedThisMonth: 0,
    periodStart: "2026-03-01T00:00:00Z",
    periodEnd: "2026-04-01T00:00:00Z",
    available: 100,
    ...overrides,
  };
}

export function payment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: "7d9f1c2e-4b3a-4c5d-8e6f-1a2b3c4d5e6f",
    itemId: "credits-800",
    description: "800 credits",
    amountCents: 1200,
    creditsGranted: 800,
    paymentMethod: "stripe",
    status: "completed",
    reference: "cs_test_a1b2c3",
    discountCents: 0,
    createdAt: "2026-03-02T09:30:00Z",
    paidAt: "2026-03-02T09:31:00Z",
    rejectionReason: null,
    refundRequestedAt: null,
    refundedAt: null,
    refundable: true,
    ...overrides,
  };
}
