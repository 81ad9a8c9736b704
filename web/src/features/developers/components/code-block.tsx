// A block of code with a Copy button that names what it copies. The code keeps its lines and scrolls sideways rather
// than wrapping, so a copied command is what was shown; the colours are the theme's, so it reads in dark mode too.
import { CheckIcon, CopyIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast-store";
import { useCopy } from "@/lib/use-copy";

const COPIED_MS = 2000;

export function CodeBlock({ code, label }: { code: string; label: string }) {
  const { copied, copy } = useCopy(COPIED_MS);
  return (
    <div className="relative rounded-xl border bg-muted/60 text-foreground">
      <Button
        variant="ghost"
        size="sm"
        className="absolute top-2 right-2"
        aria-label={copied ? `Copied ${label}` : `Copy ${label}`}
        onClick={() =>
          void copy(code).then((done) => {
            if (!done) toast({ title: "Could not copy", description: "Select the code and copy it instead.", variant: "destructive" });
          })
        }
      >
        {copied ? <CheckIcon className="text-success" aria-hidden /> : <CopyIcon aria-hidden />}
        {copied ? "Copied" : "Copy"}
      </Button>
      {/* A named, focusable region, so a keyboard can scroll a long line into view. */}
      <pre role="region" tabIndex={0} aria-label={label} className="overflow-x-auto p-4 pr-24 font-mono text-sm leading-relaxed">
        <code>{code}</code>
      </pre>
    </div>
  );
}
