// The columns every payments table of the finances tab shares: when, who, how much, how many credits, how, and where
// it stands.
import type { AdminPayment } from "@contracts/admin";
import type { ColumnDef } from "@/components/ui/data-table";
import { formatCount, formatUsd } from "@/features/pricing";
import { paymentMethodLabel } from "./payment-methods";
import { PaymentStatusBadge } from "./payment-status-badge";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

export function formatWhen(iso: string): string {
  return dateFormat.format(new Date(iso));
}

export function payerOf(payment: AdminPayment): string {
  return payment.userEmail ?? "Deleted user";
}

const columns = {
  createdAt: {
    id: "createdAt",
    header: "Date",
    cell: ({ row }) => <time dateTime={row.original.createdAt}>{formatWhen(row.original.createdAt)}</time>,
  },
  user: { id: "user", header: "User", cell: ({ row }) => payerOf(row.original) },
  amount: {
    id: "amount",
    header: "Amount",
    meta: { className: "text-right tabular-nums", headerClassName: "text-right" },
    cell: ({ row }) => formatUsd(row.original.amount),
  },
  credits: {
    id: "credits",
    header: "Credits",
    meta: { className: "text-right tabular-nums", headerClassName: "text-right" },
    cell: ({ row }) => formatCount(row.original.credits),
  },
  method: { id: "method", header: "Method", cell: ({ row }) => paymentMethodLabel(row.original.paymentMethod) },
  reference: {
    id: "reference",
    header: "Reference",
    meta: { className: "max-w-56 font-mono text-xs break-all" },
    cell: ({ row }) => row.original.reference ?? "—",
  },
  status: { id: "status", header: "Status", cell: ({ row }) => <PaymentStatusBadge status={row.original.status} /> },
} satisfies Record<string, ColumnDef<AdminPayment>>;

export type PaymentColumn = keyof typeof columns;

export function paymentColumns(...names: PaymentColumn[]): ColumnDef<AdminPayment>[] {
  return names.map((name) => columns[name]);
}

/** An actions column: its header is for screen readers only. */
export function actionsColumn(cell: (payment: AdminPayment) => React.ReactNode): ColumnDef<AdminPayment> {
  return {
    id: "actions",
    header: () => <span className="sr-only">Actions</span>,
    cell: ({ row }) => cell(row.original),
  };
}

/** Money received can be given back; a pending, failed or refunded payment cannot. */
export function canRefund(payment: AdminPayment): boolean {
  return payment.status === "completed" || payment.status === "verified";
}
