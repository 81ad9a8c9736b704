// POST /api/billing/manual-payments {provider, itemId, reference} → 201 the pending payment, which an admin verifies
// before its credits arrive.
import { type ManualPaymentRequest, manualPaymentRequestSchema, type Payment, paymentSchema } from "@contracts/billing";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { paymentsQueryKey } from "@/features/account";

export const manualPaymentInputSchema = manualPaymentRequestSchema;

export async function submitManualPayment(input: ManualPaymentRequest): Promise<Payment> {
  const body = manualPaymentInputSchema.parse(input);
  return readJson(await apiFetch("/api/billing/manual-payments", { method: "POST", body }), paymentSchema);
}

export function useSubmitManualPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitManualPayment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentsQueryKey }),
  });
}
