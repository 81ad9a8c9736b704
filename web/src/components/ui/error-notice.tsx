import { CircleAlertIcon } from "lucide-react";
import type { ReactNode } from "react";

/** A destructive notice: an alert icon and a message saying what went wrong. */
export function ErrorNotice({ children }: { children: ReactNode }) {
  return (
    <div className="flex items-start gap-3 rounded-xl border border-destructive/30 bg-destructive/5 p-4 text-sm">
      <CircleAlertIcon className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
      <p>{children}</p>
    </div>
  );
}
