// The subscription, when there is one: plan, interval, when it renews or ends, and Cancel, which ends it at the
// period's end (the person keeps what they paid for until then).
import type { Subscription } from "@contracts/billing";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button, buttonVariants } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorNotice } from "@/components/ui/error-notice";
import { toast } from "@/components/ui/toast-store";
import { messageOf } from "@/lib/api";
import { useCancelSubscription } from "../api/cancel-subscription";
import { planName } from "../allowance";
import { AccountSection } from "./account-layout";
import { dateFormat } from "./usage-page";

export function SubscriptionCard({ subscription }: { subscription: Subscription | null }) {
  if (!subscription || subscription.status === "ended") {
    return (
      <AccountSection title="Subscription" description="You have no subscription. A plan gives you a fresh allowance every month.">
        <div>
          <Link to="/pricing" className={buttonVariants({ size: "sm" })}>
            See plans
          </Link>
        </div>
      </AccountSection>
    );
  }
  return <ActiveSubscription subscription={subscription} />;
}

function ActiveSubscription({ subscription }: { subscription: Subscription }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelSubscription();
  const periodEnd = subscription.currentPeriodEnd && dateFormat.format(new Date(subscription.currentPeriodEnd));
  const interval = subscription.interval === "yearly" ? "Yearly" : "Monthly";

  return (
    <AccountSection title="Subscription">
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-xl font-bold">
          {planName(subscription.plan)} <span className="font-normal text-muted-foreground">· {interval}</span>
        </p>
        {subscription.status === "past_due" ? (
          <Badge variant="destructive">Payment failed</Badge>
        ) : subscription.cancelAtPeriodEnd ? (
          <Badge variant="secondary">Cancelled</Badge>
        ) : (
          <Badge variant="success">Active</Badge>
        )}
      </div>
      {subscription.status === "past_due" && subscription.graceEndsAt && (
        <p className="text-sm">
          Your last payment did not go through. Your plan's allowance stops on{" "}
          {dateFormat.format(new Date(subscription.graceEndsAt))} unless it is paid.
        </p>
      )}
      {periodEnd && (
        <p className="text-sm font-medium">{subscription.cancelAtPeriodEnd ? `Cancels on ${periodEnd}` : `Renews on ${periodEnd}`}</p>
      )}
      {!subscription.cancelAtPeriodEnd && (
        <div>
          <Button variant="outline" onClick={() => setConfirming(true)}>
            Cancel subscription
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) cancel.reset();
        }}
        title="Cancel your subscription?"
        description={
          periodEnd
            ? `It will not renew. You keep your plan's allowance until ${periodEnd}, then move to the free plan.`
            : "It will not renew; at the end of the period you paid for, you move to the free plan."
        }
        confirmLabel="Cancel subscription"
        pendingLabel="Cancelling..."
        pending={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast({ title: "Subscription cancelled", description: periodEnd ? `It ends on ${periodEnd}.` : undefined });
            },
          })
        }
      >
        {cancel.isError && (
          <ErrorNotice>{messageOf(cancel.error, "Your subscription could not be cancelled. Please try again.")}</ErrorNotice>
        )}
      </ConfirmDialog>
    </AccountSection>
  );
}
