// The top of /account/billing after a provider's page sent the buyer back. From Stripe: the payment is confirmed by
// Stripe's webhook, not by the return, so the screen asks for the payments (and the balances) until it is settled.
// From PayPal: the order is captured here, once, and the answer (a declined capture included) is shown.
import type { Payment } from "@contracts/billing";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CircleAlertIcon, CircleCheckIcon, InfoIcon, LoaderCircleIcon } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { accountUsageQueryOptions, paymentsQueryOptions } from "@/features/account";
import { reportVisitorAction } from "@/features/campaigns";
import { messageOf } from "@/lib/api";
import { cn } from "@/lib/cn";
import { formatCount } from "@/lib/format";
import { useCapturePaypalOrder } from "../api/capture-paypal-order";
import { invalidateBalances } from "../api/invalidate-balances";
import { forgetCheckout, rememberedCheckout } from "./checkout-session";
import { useReturnParams } from "./return-params";

/** How often the payments are asked for, and for how long before the screen stops waiting. */
const POLL_MS = 1000;
const MAX_WAIT_MS = 2 * 60 * 1000;

export function CheckoutReturn() {
  const params = useReturnParams();
  if (params?.kind === "stripe") return <StripeReturn sessionId={params.sessionId} />;
  if (params?.kind === "paypal") return <PaypalReturn orderId={params.orderId} />;
  return null;
}

function StripeReturn({ sessionId }: { sessionId: string }) {
  const queryClient = useQueryClient();
  const [paymentId] = useState(rememberedCheckout);
  const [startedAt] = useState(Date.now);
  const payments = useQuery({
    ...paymentsQueryOptions(1),
    refetchInterval: ({ state }) =>
      settledPayment(state.data?.payments ?? [], paymentId, sessionId) || state.dataUpdatedAt - startedAt > MAX_WAIT_MS
        ? false
        : POLL_MS,
  });
  const payment = settledPayment(payments.data?.payments ?? [], paymentId, sessionId);
  const gaveUp = !payment && payments.dataUpdatedAt - startedAt > MAX_WAIT_MS;
  // The header's balance and the usage figures follow the payment as the webhook lands.
  useQuery({ ...accountUsageQueryOptions(), refetchInterval: payment || gaveUp ? false : POLL_MS });

  const settled = payment !== undefined;
  useEffect(() => {
    if (!settled) return;
    forgetCheckout();
    void invalidateBalances(queryClient);
  }, [settled, queryClient]);

  if (!payment) {
    return gaveUp ? (
      <ReturnNotice tone="neutral" title="Payment still processing">
        Stripe has not confirmed your payment yet. It appears in your payment history as soon as it does.
      </ReturnNotice>
    ) : (
      <ReturnNotice tone="waiting" title="Confirming your payment...">
        Waiting for Stripe to confirm the payment.
      </ReturnNotice>
    );
  }
  return <PaymentOutcome payment={payment} />;
}

/** The returning checkout's payment once it is no longer pending: the one this tab opened, or Stripe's session. */
function settledPayment(payments: Payment[], paymentId: string | null, sessionId: string): Payment | undefined {
  const payment = payments.find((candidate) => candidate.id === paymentId || candidate.reference === sessionId);
  return payment && payment.status !== "pending" ? payment : undefined;
}

function PaypalReturn({ orderId }: { orderId: string }) {
  const capture = useCapturePaypalOrder();
  const asked = useRef(false);
  useEffect(() => {
    // Capturing twice would be refused by PayPal; the effect may run twice while the screen mounts.
    if (asked.current) return;
    asked.current = true;
    capture.mutate(orderId, { onSettled: forgetCheckout });
  }, [capture, orderId]);

  if (capture.isError) {
    return (
      <ReturnNotice tone="failed" title="Payment declined">
        {messageOf(capture.error, "PayPal did not take the payment, so nothing was charged. Please try again.")}
      </ReturnNotice>
    );
  }
  if (!capture.data) {
    return (
      <ReturnNotice tone="waiting" title="Confirming your payment...">
        Completing your PayPal payment.
      </ReturnNotice>
    );
  }
  return <PaymentOutcome payment={capture.data} />;
}

function PaymentOutcome({ payment }: { payment: Payment }) {
  const paid = payment.status === "completed" || payment.status === "verified";
  useEffect(() => (paid ? reportVisitorAction("payment") : undefined), [paid]);
  if (paid) {
    return (
      <ReturnNotice tone="done" title="Payment received">
        {payment.creditsGranted > 0
          ? `${formatCount(payment.creditsGranted)} credits were added to your balance.`
          : `Thank you: ${payment.description} is active.`}
      </ReturnNotice>
    );
  }
  return (
    <ReturnNotice tone="failed" title="Payment failed">
      {payment.rejectionReason ?? "The payment did not go through, so nothing was charged. Please try again."}
    </ReturnNotice>
  );
}

const TONES = {
  neutral: { icon: InfoIcon, className: "border-border bg-muted/40", iconClassName: "text-muted-foreground" },
  waiting: { icon: LoaderCircleIcon, className: "border-border bg-muted/40", iconClassName: "animate-spin text-muted-foreground" },
  done: { icon: CircleCheckIcon, className: "border-success/40 bg-success/5", iconClassName: "text-success" },
  failed: { icon: CircleAlertIcon, className: "border-destructive/30 bg-destructive/5", iconClassName: "text-destructive" },
} as const;

export function ReturnNotice({ tone, title, children }: { tone: keyof typeof TONES; title: string; children: ReactNode }) {
  const { icon: Icon, className, iconClassName } = TONES[tone];
  return (
    <div
      role={tone === "failed" ? "alert" : "status"}
      className={cn("flex items-start gap-3 rounded-xl border p-4 text-sm", className)}
    >
      <Icon className={cn("mt-0.5 size-5 shrink-0", iconClassName)} aria-hidden />
      <div className="grid gap-1">
        <p className="font-medium">{title}</p>
        <p className="text-muted-foreground">{children}</p>
      </div>
    </div>
  );
}
