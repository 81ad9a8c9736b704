import assert from "node:assert/strict";
import type { Payment } from "./contract.ts";
import { receiptEmail } from "./receipts.ts";

Deno.test("a receipt says what was bought, for how much, how, and links to the payment history", () => {
  const payment: Payment = {
    id: "0b9e8a8e-5b0a-4a52-9d43-0f3d8f8c2a11",
    itemId: "credits-800",
    description: "800 credits",
    amountCents: 1200,
    creditsGranted: 800,
    paymentMethod: "cashapp",
    status: "verified",
    reference: "TX-1234",
    discountCents: 0,
    createdAt: "2026-11-20T09:00:00.000Z",
    paidAt: "2026-11-20T10:30:00.000Z",
    rejectionReason: null,
    refundRequestedAt: null,
    refundedAt: null,
    refundable: true,
  };
  const email = receiptEmail(payment, "https://app.example.com/");
  assert.equal(email.subject, "Your MailScout receipt: 800 credits");
  for (
    const line of [
      "Amount: $12.00 (USD)",
      "Credits added: 800",
      "Paid with: Cash App",
      "Date: 2026-11-20 10:30 UTC",
      "Your payment history: https://app.example.com/account/billing",
    ]
  ) assert.ok(email.text.includes(line), line);
});
