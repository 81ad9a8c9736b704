// A payment's receipt: its details in a dialog that prints on its own (the page behind it is left off the paper).
import type { Payment } from "@contracts/billing";
import { PrinterIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { paymentMethodLabel } from "@/features/admin";
import { formatUsd } from "@/features/pricing";

const timeFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short" });

type ReceiptDialogProps = { payment: Payment | null; onOpenChange: (open: boolean) => void };

export function ReceiptDialog({ payment, onOpenChange }: ReceiptDialogProps) {
  return (
    <Dialog open={payment !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg" data-print-receipt="">
        {payment && <Receipt payment={payment} />}
      </DialogContent>
    </Dialog>
  );
}

function Receipt({ payment }: { payment: Payment }) {
  const when = (time: string | null) => (time ? timeFormat.format(new Date(time)) : null);
  const rows: [string, string | null][] = [
    ["Receipt number", payment.id],
    ["Item", payment.description],
    ["Credits", payment.creditsGranted > 0 ? payment.creditsGranted.toLocaleString("en-US") : null],
    ["Discount", payment.discountCents > 0 ? `−${formatUsd(payment.discountCents)}` : null],
    ["Amount", `${formatUsd(payment.amountCents)} (USD)`],
    ["Payment method", paymentMethodLabel(payment.paymentMethod)],
    ["Transaction reference", payment.reference],
    ["Ordered", when(payment.createdAt)],
    ["Paid", when(payment.paidAt)],
    ["Refunded", when(payment.refundedAt)],
    ["Status", payment.status[0]!.toUpperCase() + payment.status.slice(1)],
    ["Reason given", payment.rejectionReason],
  ];
  return (
    <>
      <DialogHeader>
        <DialogTitle>Receipt</DialogTitle>
        <DialogDescription>MailScout · {payment.description}</DialogDescription>
      </DialogHeader>
      <dl className="grid divide-y rounded-xl border text-sm">
        {rows
          .filter((row): row is [string, string] => row[1] !== null)
          .map(([term, detail]) => (
            <div key={term} className="grid grid-cols-[10rem_1fr] gap-3 px-4 py-2">
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="font-medium break-all">{detail}</dd>
            </div>
          ))}
      </dl>
      <div className="flex justify-end print:hidden">
        <Button variant="outline" onClick={() => window.print()}>
          <PrinterIcon aria-hidden />
          Print
        </Button>
      </div>
    </>
  );
}
