// Copies one address: an icon button that turns into a check mark, and a "Copied to clipboard" toast
// naming the address; both last 2000 ms. Used on discovered email cards and in the contacts table.
import { CheckIcon, CopyIcon } from "lucide-react";
import { useCopy } from "@/lib/use-copy";
import { Button } from "./button";
import { toast } from "./toast-store";

/** The copied mark and its toast last 2000 ms. */
export const COPY_INDICATOR_MS = 2000;

export function CopyEmailButton({ email }: { email: string }) {
  const { copied, copy } = useCopy(COPY_INDICATOR_MS);

  async function copyEmail() {
    if (!(await copy(email))) {
      toast({ title: "Could not copy", description: "Select the address and copy it instead.", variant: "destructive" });
      return;
    }
    toast({ title: "Copied to clipboard", description: email, durationMs: COPY_INDICATOR_MS });
  }

  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-9"
      aria-label={copied ? `Copied ${email}` : `Copy ${email}`}
      onClick={() => void copyEmail()}
    >
      {copied ? <CheckIcon className="text-success" aria-hidden /> : <CopyIcon aria-hidden />}
    </Button>
  );
}
