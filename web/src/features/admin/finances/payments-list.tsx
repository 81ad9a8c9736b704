// The payments: the newest RECENT_PAYMENTS at first glance, and every payment in server pages behind "View all".
import { type AdminPayment, RECENT_PAYMENTS } from "@contracts/admin";
import { ReceiptIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { type ColumnDef, DataTable } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorNotice } from "@/components/ui/error-notice";
import { formatCount, formatUsd } from "@/features/pricing";
import { AdminSection } from "../components/admin-section";
import { usePayments } from "./api/get-payments";
import { paymentMethodLabel } from "./payment-methods";
import { PaymentStatusBadge } from "./payment-status-badge";

const ALL_PAGE_SIZE = 25;

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

const columns: ColumnDef<AdminPayment>[] = [
  {
    id: "createdAt",
    header: "Date",
    cell: ({ row }) => <time dateTime={row.original.createdAt}>{dateFormat.format(new Date(row.original.createdAt))}</time>,
  },
  { id: "user", header: "User", cell: ({ row }) => row.original.userEmail ?? "Deleted user" },
  {
    id: "amount",
    header: "Amount",
    meta: { className: "text-right tabular-nums", headerClassName: "text-right" },
    cell: ({ row }) => formatUsd(row.original.amount),
  },
  {
    id: "credits",
    header: "Credits",
    meta: { className: "text-right tabular-nums", headerClassName: "text-right" },
    cell: ({ row }) => formatCount(row.original.credits),
  },
  { id: "method", header: "Method", cell: ({ row }) => paymentMethodLabel(row.original.paymentMethod) },
  { id: "status", header: "Status", cell: ({ row }) => <PaymentStatusBadge status={row.original.status} /> },
];

export function PaymentsList() {
  const [all, setAll] = useState(false);
  const [page, setPage] = useState(1);
  const payments = usePayments(all ? { page, pageSize: ALL_PAGE_SIZE } : { page: 1, pageSize: RECENT_PAYMENTS });
  const data = payments.data;
  /** The first glance leaves some out. */
  const more = !all && data !== undefined && data.total > data.payments.length;

  return (
    <AdminSection
      title={all ? "All payments" : "Recent payments"}
      description={more && `The newest ${formatCount(data.payments.length)} of ${formatCount(data.total)}.`}
      actions={
        all ? (
          <Button variant="outline" size="sm" onClick={() => setAll(false)}>
            Show recent only
          </Button>
        ) : (
          more && (
            <Button variant="outline" size="sm" onClick={() => (setPage(1), setAll(true))}>
              View all
            </Button>
          )
        )
      }
    >
      {payments.isError && !data ? (
        <ErrorNotice onRetry={() => void payments.refetch()}>Failed to load the payments.</ErrorNotice>
      ) : (
        <DataTable
          caption={all ? "All payments" : "Recent payments"}
          columns={columns}
          data={data?.payments ?? []}
          getRowId={(payment) => payment.id}
          isLoading={payments.isPending}
          loadingLabel="Loading the payments"
          empty={<EmptyState icon={ReceiptIcon} title="No payment records found" />}
          pagination={
            all ? { mode: "server", page, pageSize: ALL_PAGE_SIZE, total: data?.total ?? 0, onPageChange: setPage } : undefined
          }
        />
      )}
    </AdminSection>
  );
}
