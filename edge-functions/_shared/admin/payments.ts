// The finances tab: payments newest first, a page at a time (the first ten at a glance, the rest behind "View all").
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
  total_count: number | string;
}

/** GET /api/admin/payments */
export async function listPayments(claims: AccessTokenClaims, query: PaymentsQuery): Promise<AdminPaymentsPage> {
  const rows = await asAdmin(claims, (sql) => sql<PaymentRow[]>`
    select * from private.admin_payments(${query.pageSize}, ${(query.page - 1) * query.pageSize})
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
    })),
    total: Number(rows[0]?.total_count ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}
