// My Account's billing: the subscription and the payment history.
import { ErrorNotice } from "@/components/ui/error-notice";
import { useAccountUsage } from "../api/get-account-usage";
import { PaymentsCard } from "./payments-card";
import { SubscriptionCard } from "./subscription-card";
import { Loading } from "./usage-page";

export function BillingPage() {
  const usage = useAccountUsage();
  return (
    <div className="grid gap-6">
      {usage.isPending ? (
        <Loading label="Loading your subscription" />
      ) : usage.isError ? (
        <ErrorNotice onRetry={() => void usage.refetch()}>Your subscription could not be loaded.</ErrorNotice>
      ) : (
        <SubscriptionCard subscription={usage.data.subscription} />
      )}
      <PaymentsCard />
    </div>
  );
}
