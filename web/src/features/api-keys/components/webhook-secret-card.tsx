// The webhook signing secret: hidden until the person asks to see it (the server makes it on the first ask), then
// copyable; regenerating it, after asking, replaces it at once, so receivers must be given the new one.
import { WEBHOOK_SIGNATURE_HEADER } from "@contracts/api-keys";
import { EyeIcon, EyeOffIcon, RefreshCwIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toast-store";
import { messageOf } from "@/lib/api";
import { useRegenerateWebhookSecret, useWebhookSecret } from "../api/webhook-secret";
import { formatWhen } from "../labels";
import { SecretField } from "./secret-field";

export function WebhookSecretCard() {
  const [revealed, setRevealed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const regenerate = useRegenerateWebhookSecret();

  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        Each delivery carries a <code className="font-mono text-xs">{WEBHOOK_SIGNATURE_HEADER}</code> header signed with this
        secret: check it on your server to know the delivery came from MailScout.
      </p>
      {revealed ? <RevealedSecret /> : <p className="font-mono text-sm tracking-widest text-muted-foreground">••••••••••••••••••••••••</p>}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" aria-pressed={revealed} onClick={() => setRevealed((shown) => !shown)}>
          {revealed ? <EyeOffIcon aria-hidden /> : <EyeIcon aria-hidden />}
          {revealed ? "Hide" : "Reveal"}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
          <RefreshCwIcon aria-hidden />
          Regenerate
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Regenerate the signing secret"
        description="Deliveries from now on are signed with a new secret. Receivers that check the current one will refuse them until you give them the new one."
        confirmLabel="Regenerate"
        pendingLabel="Regenerating..."
        pending={regenerate.isPending}
        onConfirm={() =>
          regenerate.mutate(undefined, {
            onSuccess: () => {
              toast({ title: "Signing secret regenerated" });
              setConfirming(false);
              setRevealed(true);
            },
            onError: (error) =>
              toast({ title: "Could not regenerate the secret", description: messageOf(error, "Please try again."), variant: "destructive" }),
          })
        }
      />
    </div>
  );
}

function RevealedSecret() {
  const secret = useWebhookSecret();
  if (secret.isError) return <ErrorNotice onRetry={() => void secret.refetch()}>The signing secret could not be loaded.</ErrorNotice>;
  if (!secret.data) {
    return (
      <div role="status">
        <span className="sr-only">Loading the signing secret</span>
        <Skeleton className="h-16" />
      </div>
    );
  }
  return (
    <div className="grid gap-1">
      <SecretField label="Signing secret" secret={secret.data.secret} />
      <p className="text-xs text-muted-foreground">Made {formatWhen(secret.data.createdAt)}</p>
    </div>
  );
}
