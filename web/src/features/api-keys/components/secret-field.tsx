// A secret on screen: a read-only field (focusable, so a screen reader reads it and a person can select it by hand)
// and a Copy button that says when it copied. `onCopied` tells the caller the secret reached the clipboard.
import { CheckIcon, CopyIcon } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { COPY_INDICATOR_MS } from "@/components/ui/copy-email-button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/toast-store";
import { useCopy } from "@/lib/use-copy";

type SecretFieldProps = { label: string; secret: string; onCopied?: () => void };

export function SecretField({ label, secret, onCopied }: SecretFieldProps) {
  const id = useId();
  const { copied, copy } = useCopy(COPY_INDICATOR_MS);

  async function copySecret() {
    if (!(await copy(secret))) {
      toast({ title: "Could not copy", description: "Select the text and copy it instead.", variant: "destructive" });
      return;
    }
    onCopied?.();
    toast({ title: "Copied to clipboard", durationMs: COPY_INDICATOR_MS });
  }

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          readOnly
          value={secret}
          spellCheck={false}
          className="font-mono text-xs"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="outline" aria-label={copied ? `Copied ${label}` : `Copy ${label}`} onClick={() => void copySecret()}>
          {copied ? <CheckIcon className="text-success" aria-hidden /> : <CopyIcon aria-hidden />}
          {copied ? "Copied" : "Copy"}
        </Button>
      </div>
    </div>
  );
}
