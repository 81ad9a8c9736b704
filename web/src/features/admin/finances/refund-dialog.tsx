// Asks before a payment's money goes back: a Stripe payment is refunded through Stripe, any other is marked refunded
// (the admin sends the money back the way it came). Credits the buyer has not used are taken back.
import type { AdminPayment } from "@contracts/admin";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/components/ui/toast-store";
import { formatCount, formatUsd } from "@/features/pricing";
import { messageOf } from "@/lib/api";
import { useRefundPayment } from "./api/payment-actions";
import { paymentMethodLabel } from "./payment-methods";
import { payerOf } from "./payment-columns";

type RefundDialogProps = { payment: AdminPayment | null; onClose: () => void };

export function RefundDialog({ payment, onClose }: RefundDialogProps) {
  const refund = useRefundPayment();

  function confirm(target: AdminPayment) {
    refund.mutate(target.id, {
      onSuccess: () =>
        toast({ title: "Payment refunded", description: `${formatUsd(target.amount)} refunded to ${payerOf(target)}.` }),
      onError: (error) =>
        toast({ title: "Refund failed", description: messageOf(error, "Failed to refund the payment."), variant: "destructive" }),
      onSettled: onClose,
    });
  }

  return (
    <ConfirmDialog
      open={payment !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Refund payment"
      description={payment ? refundDescription(payment) : ""}
      confirmLabel="Refund"
      pendingLabel="Refunding..."
      pending={refund.isPending}
      onConfirm={() => payment && confirm(payment)}
    />
  );
}

function refundDescription(payment: AdminPayment): string {
  const money =
    payment.paymentMethod === "stripe"
      ? `${formatUsd(payment.amount)} goes back to ${payerOf(payment)} through Stripe.`
      : `The payment of ${formatUsd(payment.amount)} by ${payerOf(payment)} is marked refunded; send the money back by ` +
        `${paymentMethodLabel(payment.paymentMethod)} yourself.`;
  const credits = payment.credits > 0 ? ` Up to ${formatCount(payment.credits)} credits they have not used are taken back.` : "";
  return money + credits;
}

export function RefundButton({ payment, onClick }: { payment: AdminPayment; onClick: () => void }) {
  return (
    <Button
      size="sm"
      variant="outline"
      aria-label={`Refund ${formatUsd(payment.amount)} to ${payerOf(payment)}`}
      onClick={onClick}
    >
      Refund
    </Button>
  );
}
