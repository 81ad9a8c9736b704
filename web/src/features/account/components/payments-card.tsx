// The person's payments, newest first, a page at a time: each with its receipt, and the money-back request where the
// payment still allows one.
import type { Payment } from "@contracts/billing";
import { ReceiptTextIcon } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { type ColumnDef, DataTable } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorNotice } from "@/components/ui/error-notice";
import { PaymentStatusBadge, paymentMethodLabel } from "@/features/admin";
import { formatUsd } from "@/features/pricing";
import { PAYMENTS_PAGE_SIZE, usePayments } from "../api/get-payments";
import { AccountSection } from "./account-layout";
import { ReceiptDialog } from "./receipt-dialog";
import { RefundRequestDialog } from "./refund-request-dialog";
import { dateFormat } from "./usage-page";

type Opened = { payment: Payment; dialog: "receipt" | "refund" } | null;

export function PaymentsCard() {
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<Opened>(null);
  const payments = usePayments(page);

  const columns: ColumnDef<Payment, unknown>[] = [
    { id: "date", header: "Date", cell: ({ row }) => dateFormat.format(new Date(row.original.paidAt ?? row.original.createdAt)) },
    { id: "description", header: "Description", accessorFn: (row) => row.description },
    {
      id: "amount",
      header: "Amount",
      cell: ({ row }) => formatUsd(row.original.amountCents),
      meta: { className: "tabular-nums" },
    },
    { id: "method", header: "Method", cell: ({ row }) => paymentMethodLabel(row.original.paymentMethod) },
    {
      id: "status",
      header: "Status",
      cell: ({ row }) => (
        <span className="flex flex-wrap gap-1">
          <PaymentStatusBadge status={row.original.status} />
          {row.original.refundRequestedAt && row.original.status !== "refunded" && (
            <Badge variant="outline">Money back requested</Badge>
          )}
        </span>
      ),
    },
    {
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) => (
        <span className="flex justify-end gap-1">
          <Button variant="ghost" size="sm" onClick={() => setOpened({ payment: row.original, dialog: "receipt" })}>
            Receipt<span className="sr-only"> for {row.original.description}</span>
          </Button>
          {row.original.refundable && (
            <Button variant="outline" size="sm" onClick={() => setOpened({ payment: row.original, dialog: "refund" })}>
              Request money back<span className="sr-only"> for {row.original.description}</span>
            </Button>
          )}
        </span>
      ),
    },
  ];

  return (
    <AccountSection title="Payment history">
      {payments.isError ? (
        <ErrorNotice onRetry={() => void payments.refetch()}>Your payments could not be loaded.</ErrorNotice>
      ) : (
        <DataTable
          caption="Payment history"
          columns={columns}
          data={payments.data?.payments ?? []}
          getRowId={(row) => row.id}
          isLoading={payments.isPending}
          loadingLabel="Loading your payments"
          pagination={{
            mode: "server",
            page,
            pageSize: PAYMENTS_PAGE_SIZE,
            total: payments.data?.total ?? 0,
            onPageChange: setPage,
          }}
          empty={<EmptyState icon={ReceiptTextIcon} title="No payment records found" description="Your purchases will be listed here." />}
        />
      )}
      <ReceiptDialog
        payment={opened?.dialog === "receipt" ? opened.payment : null}
        onOpenChange={(open) => !open && setOpened(null)}
      />
      <RefundRequestDialog
        payment={opened?.dialog === "refund" ? opened.payment : null}
        onOpenChange={(open) => !open && setOpened(null)}
      />
    </AccountSection>
  );
}
