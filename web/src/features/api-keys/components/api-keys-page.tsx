// My Account → API keys: the person's keys (made, renamed, rotated, revoked; a new key's secret shown once), their
// last 30 days of calls, and the webhook signing secret with the log of deliveries made with it.
import { API_KEYS_ACTIVE_MAX } from "@contracts/api-keys";
import { KeyRoundIcon, PlusIcon } from "lucide-react";
import { useState } from "react";
import { Button, buttonVariants } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Skeleton } from "@/components/ui/skeleton";
import { AccountSection } from "@/features/account";
import { useApiKeys } from "../api/get-api-keys";
import { atActiveKeyLimit } from "../labels";
import { ApiKeysTable } from "./api-keys-table";
import { CreateKeyDialog } from "./create-key-dialog";
import { ShownOnceDialog, type ShownSecret } from "./shown-once-dialog";
import { UsageChart } from "./usage-chart";
import { WebhookDeliveriesTable } from "./webhook-deliveries-table";
import { WebhookSecretCard } from "./webhook-secret-card";

const DOCS_PATH = "/developers";

export function ApiKeysPage() {
  const keys = useApiKeys();
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const atLimit = keys.data !== undefined && atActiveKeyLimit(keys.data);
  const createButton = (
    <Button disabled={atLimit} onClick={() => setCreating(true)}>
      <PlusIcon aria-hidden />
      Create key
    </Button>
  );

  return (
    <div className="grid gap-6">
      <AccountSection
        title="API keys"
        description="Keys let your own servers call the MailScout API. Keep them on the server: never put one in a web page or an app."
      >
        {keys.isError ? (
          <ErrorNotice onRetry={() => void keys.refetch()}>Your API keys could not be loaded.</ErrorNotice>
        ) : !keys.data ? (
          <div role="status" className="grid gap-2">
            <span className="sr-only">Loading your API keys</span>
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : keys.data.length === 0 ? (
          <EmptyState
            icon={KeyRoundIcon}
            title="Create your first API key"
            description="With a key, your own code can validate emails and explore domains through the MailScout API."
            action={
              <div className="mt-2 flex flex-wrap justify-center gap-2">
                {createButton}
                <a href={DOCS_PATH} className={buttonVariants({ variant: "outline" })}>
                  Read the API docs
                </a>
              </div>
            }
          />
        ) : (
          <>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm text-muted-foreground">
                {atLimit
                  ? `You have ${API_KEYS_ACTIVE_MAX} active keys, the most you can have. Revoke one to create another.`
                  : `Up to ${API_KEYS_ACTIVE_MAX} active keys.`}{" "}
                <a href={DOCS_PATH} className="font-medium text-primary underline-offset-4 hover:underline">
                  Read the API docs
                </a>
              </p>
              {createButton}
            </div>
            <ApiKeysTable keys={keys.data} onRotated={setShown} />
          </>
        )}
      </AccountSection>
      {keys.data && keys.data.length > 0 && (
        <AccountSection title="Usage">
          <UsageChart keys={keys.data} />
        </AccountSection>
      )}
      <AccountSection title="Webhooks" description="Bulk jobs sent with a callbackUrl report their end there.">
        <WebhookSecretCard />
        <h3 className="font-semibold">Deliveries</h3>
        <WebhookDeliveriesTable />
      </AccountSection>
      <CreateKeyDialog open={creating} onOpenChange={setCreating} onCreated={setShown} />
      {shown && <ShownOnceDialog key={shown.secret} shown={shown} onClose={() => setShown(null)} />}
    </div>
  );
}
