// Paying by Venmo, Cash App or crypto: whom to pay (a crypto address also as a QR code for a wallet's camera), a field
// for the transaction's id or hash, and once submitted, the payment waits for an admin to verify it.
import type { CatalogueItem, ManualInstructions, ManualProvider, Payment } from "@contracts/billing";
import { ArrowLeftIcon, ClockIcon } from "lucide-react";
import { QRCodeSVG } from "qrcode.react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Form, FormActions, TextField } from "@/components/ui/form";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toast-store";
import { messageOf } from "@/lib/api";
import { formatUsd } from "@/lib/format";
import { useManualInstructions } from "../api/get-manual-instructions";
import { manualPaymentInputSchema, useSubmitManualPayment } from "../api/submit-manual-payment";
import { checkoutTitle } from "./price-summary";
import { PROVIDER_NAMES } from "./providers";

type ManualPaymentProps = {
  item: CatalogueItem;
  provider: ManualProvider;
  onBack: () => void;
  close: () => void;
};

const REFERENCE_LABELS: Record<ManualProvider, string> = {
  venmo: "Venmo transaction ID",
  cashapp: "Cash App transaction ID",
  crypto: "Transaction hash",
};

export function ManualPayment({ item, provider, onBack, close }: ManualPaymentProps) {
  const instructions = useManualInstructions(provider);
  const submit = useSubmitManualPayment();
  const [submitted, setSubmitted] = useState<Payment | null>(null);

  if (submitted) return <PendingVerification payment={submitted} close={close} />;

  return (
    <>
      <DialogHeader>
        <DialogTitle>{checkoutTitle(item)}</DialogTitle>
        <DialogDescription>
          Pay {formatUsd(item.amountCents)} with {PROVIDER_NAMES[provider]}, then tell us the transaction. Your credits
          arrive once an admin has verified it.
        </DialogDescription>
      </DialogHeader>
      {instructions.isPending ? (
        <Skeleton className="h-16" aria-label="Loading the payment details" />
      ) : instructions.isError ? (
        <ErrorNotice onRetry={() => void instructions.refetch()}>Failed to load the payment details.</ErrorNotice>
      ) : (
        <Payee instructions={instructions.data} amountCents={item.amountCents} />
      )}
      <Form
        aria-label="Payment reference"
        schema={manualPaymentInputSchema}
        defaultValues={{ provider, itemId: item.id, reference: "" }}
        onSubmit={async (values) => {
          try {
            setSubmitted(await submit.mutateAsync(values));
          } catch (error) {
            toast({
              title: "Payment not submitted",
              description: messageOf(error, "Could not submit your payment. Please try again."),
              variant: "destructive",
            });
          }
        }}
      >
        {({ register, formState }) => (
          <>
            <TextField
              label={REFERENCE_LABELS[provider]}
              autoComplete="off"
              registration={register("reference")}
              error={formState.errors.reference}
            />
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Button variant="ghost" onClick={onBack}>
                <ArrowLeftIcon aria-hidden />
                Other ways to pay
              </Button>
              <FormActions onCancel={close} disabled={formState.isSubmitting}>
                {formState.isSubmitting ? "Submitting..." : "Submit payment"}
              </FormActions>
            </div>
          </>
        )}
      </Form>
    </>
  );
}

function Payee({ instructions, amountCents }: { instructions: ManualInstructions; amountCents: number }) {
  const amount = formatUsd(amountCents);
  if (instructions.provider !== "crypto") {
    if (!instructions.username) return <ErrorNotice>This way to pay is not set up.</ErrorNotice>;
    return (
      <p className="rounded-xl border bg-muted/40 p-4 text-sm">
        Send {amount} to <strong className="font-mono text-base">{instructions.username}</strong> on{" "}
        {PROVIDER_NAMES[instructions.provider]}.
      </p>
    );
  }
  const addresses = [
    { name: "Bitcoin", scheme: "bitcoin", address: instructions.bitcoinAddress },
    { name: "Ethereum", scheme: "ethereum", address: instructions.ethereumAddress },
  ].filter((entry): entry is { name: string; scheme: string; address: string } => Boolean(entry.address));
  if (addresses.length === 0) return <ErrorNotice>This way to pay is not set up.</ErrorNotice>;
  return (
    <div className="grid gap-3">
      <p className="text-sm">Send the equivalent of {amount} to one of these addresses.</p>
      {addresses.map(({ name, scheme, address }) => (
        <figure key={name} className="grid justify-items-center gap-2 rounded-xl border bg-muted/40 p-4">
          {/* White behind the code in dark mode too: wallets read dark modules on a light ground. */}
          <QRCodeSVG
            value={`${scheme}:${address}`}
            size={144}
            marginSize={2}
            role="img"
            aria-label={`QR code of the ${name} address`}
            className="rounded-md bg-white"
          />
          <figcaption className="grid gap-1 text-center text-sm">
            <span className="font-medium">{name} address</span>
            <code className="font-mono text-xs break-all">{address}</code>
          </figcaption>
        </figure>
      ))}
    </div>
  );
}

function PendingVerification({ payment, close }: { payment: Payment; close: () => void }) {
  return (
    <>
      <DialogHeader>
        <DialogTitle className="flex items-center gap-2">
          <ClockIcon className="size-5 text-primary" aria-hidden />
          Pending verification
        </DialogTitle>
        <DialogDescription>
          We received your payment of {formatUsd(payment.amountCents)} (reference {payment.reference}). An admin verifies
          it and your credits arrive then; a receipt follows by email.
        </DialogDescription>
      </DialogHeader>
      <div className="flex justify-end">
        <Button onClick={close}>Done</Button>
      </div>
    </>
  );
}
