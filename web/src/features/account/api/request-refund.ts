// POST /api/billing/payments/{id}/refund-request: the money-back request for a first payment, which an admin approves.
import { type Payment, paymentSchema, refundRequestSchema } from "@contracts/billing";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { paymentsQueryKey } from "./get-payments";

export const refundRequestInputSchema = refundRequestSchema;

export async function requestRefund({ paymentId, reason }: { paymentId: string; reason: string }): Promise<Payment> {
  const body = refundRequestInputSchema.parse({ reason });
  return readJson(
    await apiFetch(`/api/billing/payments/${encodeURIComponent(paymentId)}/refund-request`, { method: "POST", body }),
    paymentSchema,
  );
}

export function useRequestRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestRefund,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentsQueryKey }),
  });
}
