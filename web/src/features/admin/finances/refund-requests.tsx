// Buyers' money-back requests (a first payment, within 30 days): why they asked, and Refund while the money is still
// theirs to get back.
import type { AdminPayment } from "@contracts/admin";
import { Undo2Icon } from "lucide-react";
import { useState } from "react";
import { DataTable } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorNotice } from "@/components/ui/error-notice";
import { AdminSection } from "../components/admin-section";
import { usePayments } from "./api/get-payments";
import { actionsColumn, canRefund, formatWhen, paymentColumns } from "./payment-columns";
import { RefundButton, RefundDialog } from "./refund-dialog";

const REQUESTS_PAGE_SIZE = 25;

export function RefundRequests() {
  const [page, setPage] = useState(1);
  const requests = usePayments({ page, pageSize: REQUESTS_PAGE_SIZE, refundRequested: true });
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);
  const data = requests.data;

  const columns = [
    ...paymentColumns("createdAt", "user", "amount", "method", "status"),
    {
      id: "requested",
      header: "Request",
      meta: { className: "min-w-56 break-words" },
      cell: ({ row: { original: payment } }: { row: { original: AdminPayment } }) => (
        <div className="grid gap-0.5">
          {payment.refundRequestedAt && (
            <time dateTime={payment.refundRequestedAt} className="text-xs text-muted-foreground">
              {formatWhen(payment.refundRequestedAt)}
            </time>
          )}
          <span>{payment.refundRequestReason}</span>
        </div>
      ),
    },
    actionsColumn((payment) => canRefund(payment) && <RefundButton payment={payment} onClick={() => setRefunding(payment)} />),
  ];

  return (
    <AdminSection title="Refund requests" description="Money-back requests on first payments, newest first.">
      {requests.isError && !data ? (
        <ErrorNotice onRetry={() => void requests.refetch()}>Failed to load the refund requests.</ErrorNotice>
      ) : (
        <DataTable
          caption="Refund requests"
          columns={columns}
          data={data?.payments ?? []}
          getRowId={(payment) => payment.id}
          isLoading={requests.isPending}
          loadingLabel="Loading the refund requests"
          empty={<EmptyState icon={Undo2Icon} title="No refund requests" />}
          pagination={
            data && data.total > REQUESTS_PAGE_SIZE
              ? { mode: "server", page, pageSize: REQUESTS_PAGE_SIZE, total: data.total, onPageChange: setPage }
              : undefined
          }
        />
      )}
      <RefundDialog payment={refunding} onClose={() => setRefunding(null)} />
    </AdminSection>
  );
}
