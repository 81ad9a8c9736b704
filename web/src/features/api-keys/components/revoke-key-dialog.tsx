// Revoke a key, after asking: calls with it are refused from then on, and a revoked key can't be brought back.
import type { ApiKey } from "@contracts/api-keys";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/components/ui/toast-store";
import { messageOf } from "@/lib/api";
import { keyLabel } from "../labels";
import { useRevokeApiKey } from "../api/change-api-key";

type RevokeKeyDialogProps = { apiKey: ApiKey; open: boolean; onOpenChange: (open: boolean) => void };

export function RevokeKeyDialog({ apiKey, open, onOpenChange }: RevokeKeyDialogProps) {
  const revoke = useRevokeApiKey();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Revoke API key"
      description={`Calls with ${keyLabel(apiKey)} will be refused from now on. This can't be undone.`}
      confirmLabel="Revoke"
      pendingLabel="Revoking..."
      pending={revoke.isPending}
      onConfirm={() =>
        revoke.mutate(apiKey.id, {
          onSuccess: () => {
            toast({ title: "API key revoked", description: apiKey.keyName });
            onOpenChange(false);
          },
          onError: (error) =>
            toast({ title: "Could not revoke the key", description: messageOf(error, "Please try again."), variant: "destructive" }),
        })
      }
    />
  );
}
