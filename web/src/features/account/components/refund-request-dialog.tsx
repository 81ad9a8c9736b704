// The money-back request for a first payment within its 30 days: the person says why, and an admin decides.
import { MONEY_BACK_DAYS, type Payment } from "@contracts/billing";
import { FormDialog } from "@/components/ui/form-dialog";
import { TextareaField } from "@/components/ui/form";
import { toast } from "@/components/ui/toast-store";
import { messageOf } from "@/lib/api";
import { refundRequestInputSchema, useRequestRefund } from "../api/request-refund";

type RefundRequestDialogProps = { payment: Payment | null; onOpenChange: (open: boolean) => void };

export function RefundRequestDialog({ payment, onOpenChange }: RefundRequestDialogProps) {
  const requestRefund = useRequestRefund();
  return (
    <FormDialog
      open={payment !== null}
      onOpenChange={onOpenChange}
      title="Request your money back"
      description={`Our ${MONEY_BACK_DAYS}-day money-back guarantee covers your first payment. Tell us why, and we'll review your request and reply by email.`}
      schema={refundRequestInputSchema}
      defaultValues={{ reason: "" }}
      submitLabel="Send request"
      pendingLabel="Sending..."
      onSubmit={async ({ reason }, form) => {
        if (!payment) return;
        try {
          await requestRefund.mutateAsync({ paymentId: payment.id, reason });
          onOpenChange(false);
          toast({ title: "Request sent", description: "We'll review your money-back request and let you know by email." });
        } catch (error) {
          form.setError("reason", {
            type: "server",
            message: messageOf(error, "Your request could not be sent. Please try again."),
          });
        }
      }}
    >
      {({ register, formState }) => (
        <TextareaField label="Reason" rows={4} registration={register("reason")} error={formState.errors.reason} />
      )}
    </FormDialog>
  );
}
