// The payments: the newest RECENT_PAYMENTS at first glance, and every payment in server pages behind "View all";
// money received can be refunded from here.
import { type AdminPayment, RECENT_PAYMENTS } from "@contracts/admin";
import { ReceiptIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorNotice } from "@/components/ui/error-notice";
import { formatCount } from "@/features/pricing";
import { AdminSection } from "../components/admin-section";
import { usePayments } from "./api/get-payments";
import { actionsColumn, canRefund, paymentColumns } from "./payment-columns";
import { RefundButton, RefundDialog } from "./refund-dialog";

const ALL_PAGE_SIZE = 25;

export function PaymentsList() {
  const [all, setAll] = useState(false);
  const [page, setPage] = useState(1);
  const payments = usePayments(all ? { page, pageSize: ALL_PAGE_SIZE } : { page: 1, pageSize: RECENT_PAYMENTS });
  const data = payments.data;
  /** The first glance leaves some out. */
  const more = !all && data !== undefined && data.total > data.payments.length;
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);
  const columns = [
    ...paymentColumns("createdAt", "user", "amount", "credits", "method", "status"),
    actionsColumn((payment) => canRefund(payment) && <RefundButton payment={payment} onClick={() => setRefunding(payment)} />),
  ];

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
      <RefundDialog payment={refunding} onClose={() => setRefunding(null)} />
    </AdminSection>
  );
}
