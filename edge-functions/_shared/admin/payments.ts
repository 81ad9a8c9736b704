// The finances tab: payments newest first, a page at a time (the first ten at a glance, the rest behind "View all"),
// filtered by status (pending: the verification queue) or to those with a money-back request.
import type { z } from "zod";
import type { AccessTokenClaims } from "../auth/index.ts";
import { asAdmin, isoTime, isoTimeOrNull } from "./as-admin.ts";
import type { AdminPaymentsPage, paymentsQuerySchema } from "./contract.ts";

export type PaymentsQuery = z.output<typeof paymentsQuerySchema>;

interface PaymentRow {
  id: string;
  user_id: string | null;
  user_email: string | null;
  amount_cents: number | string;
  credits_granted: number;
  payment_method: string;
  status: string;
  created_at: Date;
  verified_at: Date | null;
  item_id: string | null;
  kind: "credits" | "subscription";
  reference: string | null;
  discount_cents: number;
  paid_at: Date | null;
  rejection_reason: string | null;
  refund_requested_at: Date | null;
  refund_request_reason: string | null;
  refunded_at: Date | null;
  credits_clawed_back: number;
  total_count: number | string;
}

/** GET /api/admin/payments */
export async function listPayments(claims: AccessTokenClaims, query: PaymentsQuery): Promise<AdminPaymentsPage> {
  const rows = await asAdmin(claims, (sql) => sql<PaymentRow[]>`
    select * from private.admin_payments(
      ${query.pageSize}, ${(query.page - 1) * query.pageSize}, ${query.status ?? null}, ${query.refundRequested === "true"}
    )
  `);
  return {
    payments: rows.map((row) => ({
      id: row.id,
      userId: row.user_id,
      userEmail: row.user_email,
      amount: Number(row.amount_cents),
      credits: row.credits_granted,
      paymentMethod: row.payment_method,
      status: row.status,
      createdAt: isoTime(row.created_at),
      verifiedAt: isoTimeOrNull(row.verified_at),
      itemId: row.item_id,
      kind: row.kind,
      reference: row.reference,
      discountCents: row.discount_cents,
      paidAt: isoTimeOrNull(row.paid_at),
      rejectionReason: row.rejection_reason,
      refundRequestedAt: isoTimeOrNull(row.refund_requested_at),
      refundRequestReason: row.refund_request_reason,
      refundedAt: isoTimeOrNull(row.refunded_at),
      creditsClawedBack: row.credits_clawed_back,
    })),
    total: Number(rows[0]?.total_count ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}
