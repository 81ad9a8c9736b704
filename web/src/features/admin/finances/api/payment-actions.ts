// POST /api/admin/payments/{id}/verify | /reject {reason} | /refund: an admin settles a payment. Verifying grants the
// credits and emails a receipt, refunding takes back what is unused; each is audited and moves the buyer's balances,
// so the payments, the users and the audit log are asked for again.
import { rejectPaymentRequestSchema } from "@contracts/billing";
import type { z } from "zod";
import { apiFetch } from "@/lib/api";
import { useAdminChange, USER_CHANGE_KEYS } from "../../api/admin-change";
import { paymentsQueryKey } from "./get-payments";

const PAYMENT_CHANGE_KEYS = [paymentsQueryKey, ...USER_CHANGE_KEYS];

export const rejectPaymentInputSchema = rejectPaymentRequestSchema;

export async function verifyPayment(id: string): Promise<void> {
  await apiFetch(`/api/admin/payments/${id}/verify`, { method: "POST" });
}

export async function rejectPayment({ id, ...input }: { id: string } & z.input<typeof rejectPaymentInputSchema>) {
  const body = rejectPaymentInputSchema.parse(input);
  await apiFetch(`/api/admin/payments/${id}/reject`, { method: "POST", body });
}

export async function refundPayment(id: string): Promise<void> {
  await apiFetch(`/api/admin/payments/${id}/refund`, { method: "POST" });
}

export function useVerifyPayment() {
  return useAdminChange(verifyPayment, PAYMENT_CHANGE_KEYS);
}

export function useRejectPayment() {
  return useAdminChange(rejectPayment, PAYMENT_CHANGE_KEYS);
}

export function useRefundPayment() {
  return useAdminChange(refundPayment, PAYMENT_CHANGE_KEYS);
}
