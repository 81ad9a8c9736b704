// Payments made outside MailScout (Venmo, Cash App, crypto): the buyer sees whom to pay, pays, and names the
// transaction; the payment stays pending until an admin finds the money and verifies it (payments.ts), which grants
// the credits. Credit blocks only: plans renew by themselves, which only a card subscription does.
import type { SignedIn } from "../auth/index.ts";
import { DomainError } from "../errors.ts";
import { catalogueItem } from "./catalogue.ts";
import type { ManualInstructions, ManualPaymentRequest, ManualProvider, Payment } from "./contract.ts";
import { accountPayment, submitManualPayment } from "./privileged-payments.ts";
import { providerCredentials } from "./providers.ts";

/** GET /api/billing/manual-payments/instructions: the username or addresses to pay, as the admin set them. */
export async function manualInstructions(provider: ManualProvider): Promise<ManualInstructions> {
  const credentials = await providerCredentials(provider, "sale");
  if (provider === "crypto") {
    return {
      provider,
      ...(credentials.bitcoinAddress ? { bitcoinAddress: credentials.bitcoinAddress } : {}),
      ...(credentials.ethereumAddress ? { ethereumAddress: credentials.ethereumAddress } : {}),
    };
  }
  return { provider, username: credentials.username! };
}

/** POST /api/billing/manual-payments → the pending payment. */
export async function submitManual(signedIn: SignedIn, request: ManualPaymentRequest): Promise<Payment> {
  const item = catalogueItem(request.itemId);
  if (item.kind !== "credits") throw new DomainError("plan_provider", { provider: request.provider });
  await providerCredentials(request.provider, "sale");
  const paymentId = await submitManualPayment({
    userId: signedIn.userId,
    itemId: item.id,
    method: request.provider,
    amountCents: item.amountCents,
    credits: item.credits,
    reference: request.reference,
  });
  return (await accountPayment(signedIn.userId, paymentId))!;
}
