// A key's secret, shown the one time the server sends it (a new key, or a rotation's new key). The dialog says so to
// screen readers as it opens, and closing it before the secret was copied asks first: the secret can't be shown again.
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { SecretField } from "./secret-field";

export type ShownSecret = { keyName: string; secret: string; rotated: boolean };

/** Mount one per secret (key it by the secret): whether it was copied belongs to that secret alone. */
export function ShownOnceDialog({ shown, onClose }: { shown: ShownSecret; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // A live region is read out when its text changes, not when it arrives already filled: it is filled once mounted.
  const [announcement, setAnnouncement] = useState("");
  useEffect(() => {
    const which = shown.rotated ? "new API key" : "API key";
    setAnnouncement(`Your ${which} ${shown.keyName} is shown once. Copy it now: you won't see it again.`);
  }, [shown]);

  const close = () => (copied ? onClose() : setConfirming(true));

  return (
    <>
      <Dialog open onOpenChange={(open) => !open && close()}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{shown.rotated ? "Your new API key" : "Your API key"}</DialogTitle>
            <DialogDescription>
              Copy this key and keep it somewhere safe, such as your server's secret store. You won't see it again.
            </DialogDescription>
          </DialogHeader>
          <p role="status" aria-live="polite" className="sr-only">
            {copied ? "API key copied." : announcement}
          </p>
          <SecretField label={`API key ${shown.keyName}`} secret={shown.secret} onCopied={() => setCopied(true)} />
          <div className="flex justify-end">
            <Button onClick={close}>Done</Button>
          </div>
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Close without copying?"
        description="You won't see this key again. Without it, you'll need to create another one."
        confirmLabel="Close anyway"
        pending={false}
        onConfirm={onClose}
      />
    </>
  );
}
