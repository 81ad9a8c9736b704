// Revoke someone's key: asked once, since it cannot be undone. Calls with the key are refused from then on with
// 401 "API key revoked", and the owner is emailed.
import type { AdminApiKey } from "@contracts/api-keys";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/components/ui/toast-store";
import { messageOf } from "@/lib/api";
import { useRevokeApiKey } from "../api/change-api-key";

type RevokeKeyDialogProps = { apiKey: AdminApiKey | null; onClose: () => void };

export function RevokeKeyDialog({ apiKey, onClose }: RevokeKeyDialogProps) {
  const revoke = useRevokeApiKey();
  return (
    <ConfirmDialog
      open={apiKey !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Revoke API key"
      description={
        apiKey
          ? `Revoke "${apiKey.keyName}" (${apiKey.keyPrefix}…) of ${apiKey.owner.email}? Calls with it are refused from now on, and its owner is emailed. This cannot be undone.`
          : ""
      }
      confirmLabel="Revoke key"
      pendingLabel="Revoking..."
      pending={revoke.isPending}
      onConfirm={() => {
        if (!apiKey) return;
        revoke.mutate(apiKey.id, {
          onSuccess: () => {
            toast({ title: "API key revoked", description: `${apiKey.keyName} of ${apiKey.owner.email}` });
            onClose();
          },
          onError: (error) =>
            toast({ title: "Error", description: messageOf(error, "Failed to revoke the key"), variant: "destructive" }),
        });
      }}
    />
  );
}
