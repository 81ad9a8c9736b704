// POST /api/billing/checkout {itemId, provider, discountCode?} → 201 {url, paymentId}: the provider's page to send the
// buyer to. The server prices the item; the client only names it.
import { type CheckoutRequest, checkoutAnswerSchema, checkoutRequestSchema } from "@contracts/billing";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { apiFetch, readJson } from "@/lib/api";

export type CheckoutAnswer = z.infer<typeof checkoutAnswerSchema>;

export async function startCheckout(input: CheckoutRequest): Promise<CheckoutAnswer> {
  const body = checkoutRequestSchema.parse(input);
  return readJson(await apiFetch("/api/billing/checkout", { method: "POST", body }), checkoutAnswerSchema);
}

export function useStartCheckout() {
  return useMutation({ mutationFn: startCheckout });
}
