import { CircleAlertIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "./button";

/** A destructive notice: an alert icon, a message saying what went wrong, and Try again when it can be retried. */
export function ErrorNotice({ children, onRetry }: { children: ReactNode; onRetry?: () => void }) {
  return (
    <div className="flex items-start gap-3 rounded-xl border border-destructive/30 bg-destructive/5 p-4 text-sm">
      <CircleAlertIcon className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
      <p>
        {children}
        {onRetry && (
          <>
            {" "}
            <Button variant="link" className="h-auto p-0" onClick={onRetry}>
              Try again
            </Button>
          </>
        )}
      </p>
    </div>
  );
}
