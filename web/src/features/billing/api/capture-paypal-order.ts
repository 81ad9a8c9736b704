// POST /api/billing/paypal/capture {orderId}: takes the money of the order PayPal sent the buyer back with. A declined
// capture is an error answer whose message says why; the payment then stays unpaid.
import { type Payment, paymentSchema, paypalCaptureRequestSchema } from "@contracts/billing";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { invalidateBalances } from "./invalidate-balances";

export async function capturePaypalOrder(orderId: string): Promise<Payment> {
  const body = paypalCaptureRequestSchema.parse({ orderId });
  return readJson(await apiFetch("/api/billing/paypal/capture", { method: "POST", body }), paymentSchema);
}

export function useCapturePaypalOrder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: capturePaypalOrder, onSettled: () => invalidateBalances(queryClient) });
}
