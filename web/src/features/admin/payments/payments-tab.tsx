// The payments tab: the setup of each payment provider. Secrets are sealed on the server and never come back: the
// cards show only which fields are set and their last four characters.
import { PAYMENT_PROVIDERS } from "@contracts/admin";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Skeleton } from "@/components/ui/skeleton";
import { usePaymentConfig } from "./api/get-payment-config";
import { ProviderCard } from "./provider-card";

export function PaymentsTab() {
  const config = usePaymentConfig();

  if (config.isError) {
    return (
      <ErrorNotice onRetry={() => void config.refetch()}>Failed to load the payment providers.</ErrorNotice>
    );
  }
  if (config.isPending) {
    return (
      <div role="status" className="grid gap-4 lg:grid-cols-2">
        <span className="sr-only">Loading the payment providers</span>
        {PAYMENT_PROVIDERS.map((provider) => (
          <Skeleton key={provider} className="h-72 rounded-2xl" />
        ))}
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Saving replaces all of a provider&apos;s credentials. They are stored encrypted and never shown again: only the
        last four characters of each.
      </p>
      <div className="grid items-start gap-4 lg:grid-cols-2">
        {PAYMENT_PROVIDERS.map((provider) => (
          <ProviderCard key={provider} provider={provider} config={config.data.find((entry) => entry.provider === provider)} />
        ))}
      </div>
    </div>
  );
}
