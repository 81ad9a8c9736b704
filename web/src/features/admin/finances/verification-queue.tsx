// The verification queue: manual payments (Venmo, Cash App, crypto) waiting for an admin, with the transaction the
// buyer named. Verifying grants the credits and emails a receipt; rejecting records why.
import type { AdminPayment } from "@contracts/admin";
import { MANUAL_PROVIDERS } from "@contracts/billing";
import { ClipboardCheckIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorNotice } from "@/components/ui/error-notice";
import { FormDialog } from "@/components/ui/form-dialog";
import { TextareaField } from "@/components/ui/form";
import { toast } from "@/components/ui/toast-store";
import { formatCount, formatUsd } from "@/features/pricing";
import { messageOf } from "@/lib/api";
import { AdminSection } from "../components/admin-section";
import { usePayments } from "./api/get-payments";
import { rejectPaymentInputSchema, useRejectPayment, useVerifyPayment } from "./api/payment-actions";
import { actionsColumn, payerOf, paymentColumns } from "./payment-columns";

/** Enough for every payment waiting at once in practice; the queue is worked down, not browsed. */
const QUEUE_SIZE = 100;

function isManual(payment: AdminPayment): boolean {
  return (MANUAL_PROVIDERS as readonly string[]).includes(payment.paymentMethod);
}

export function VerificationQueue() {
  // Pending also holds card checkouts still open on Stripe's or PayPal's page: those settle themselves.
  const pending = usePayments({ page: 1, pageSize: QUEUE_SIZE, status: "pending" });
  const queue = pending.data?.payments.filter(isManual) ?? [];
  const verify = useVerifyPayment();
  const [rejecting, setRejecting] = useState<AdminPayment | null>(null);

  function confirmVerify(payment: AdminPayment) {
    verify.mutate(payment.id, {
      onSuccess: () =>
        toast({
          title: "Payment verified",
          description: `${formatCount(payment.credits)} credits added for ${payerOf(payment)}; a receipt was emailed.`,
        }),
      onError: (error) =>
        toast({ title: "Verification failed", description: messageOf(error, "Failed to verify the payment."), variant: "destructive" }),
    });
  }

  const columns = [
    ...paymentColumns("createdAt", "user", "amount", "credits", "method", "reference"),
    actionsColumn((payment) => (
      <div className="flex justify-end gap-2">
        <Button
          size="sm"
          aria-label={`Verify ${formatUsd(payment.amount)} from ${payerOf(payment)}`}
          disabled={verify.isPending}
          onClick={() => confirmVerify(payment)}
        >
          {verify.isPending && verify.variables === payment.id ? "Verifying..." : "Verify"}
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-label={`Reject ${formatUsd(payment.amount)} from ${payerOf(payment)}`}
          onClick={() => setRejecting(payment)}
        >
          Reject
        </Button>
      </div>
    )),
  ];

  return (
    <AdminSection
      title="Verification queue"
      description="Payments by Venmo, Cash App or crypto. Find the buyer's reference in that account, then verify or reject."
    >
      {pending.isError && !pending.data ? (
        <ErrorNotice onRetry={() => void pending.refetch()}>Failed to load the verification queue.</ErrorNotice>
      ) : (
        <DataTable
          caption="Payments waiting for verification"
          columns={columns}
          data={queue}
          getRowId={(payment) => payment.id}
          isLoading={pending.isPending}
          loadingLabel="Loading the verification queue"
          empty={<EmptyState icon={ClipboardCheckIcon} title="No payments waiting for verification" />}
        />
      )}
      <RejectPaymentDialog payment={rejecting} onClose={() => setRejecting(null)} />
    </AdminSection>
  );
}

function RejectPaymentDialog({ payment, onClose }: { payment: AdminPayment | null; onClose: () => void }) {
  const reject = useRejectPayment();
  return (
    <FormDialog
      open={payment !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Reject payment"
      description={
        payment
          ? `${formatUsd(payment.amount)} from ${payerOf(payment)} by reference ${payment.reference ?? "none"}. ` +
            "No credits are granted; the buyer sees your reason."
          : ""
      }
      schema={rejectPaymentInputSchema}
      defaultValues={{ reason: "" }}
      submitLabel="Reject"
      pendingLabel="Rejecting..."
      onSubmit={async ({ reason }) => {
        if (!payment) return;
        try {
          await reject.mutateAsync({ id: payment.id, reason });
          toast({ title: "Payment rejected", description: `${formatUsd(payment.amount)} from ${payerOf(payment)} was rejected.` });
          onClose();
        } catch (error) {
          toast({ title: "Rejection failed", description: messageOf(error, "Failed to reject the payment."), variant: "destructive" });
        }
      }}
    >
      {({ register, formState }) => (
        <TextareaField label="Reason" registration={register("reason")} error={formState.errors.reason} />
      )}
    </FormDialog>
  );
}
