// The website status notices: nothing for a live site; for any other status a notice with the spec's
// title and the server's plain-words reason. Shown above the tabs, so it is seen whichever tab is open. The contract
// lists every status the server may answer; its "error" is the spec's "anything else".
import type { WebsiteStatus } from "@contracts/explorations";
import { CircleAlertIcon, InfoIcon, TriangleAlertIcon } from "lucide-react";
import { cn } from "@/lib/cn";

/** How each status reads, in the notices and in the Website Analysis section. */
export const WEBSITE_STATUS_LABELS: Record<WebsiteStatus, string> = {
  live: "Live",
  down: "Down/Inactive",
  parked: "Parked Domain",
  inactive: "Inactive",
  validation_only: "Email Validation Only",
  error: "Error",
};

type Tone = "warning" | "info" | "error";

function toneOf(status: Exclude<WebsiteStatus, "live">): Tone {
  switch (status) {
    case "validation_only":
      return "info";
    case "down":
    case "parked":
    case "inactive":
      return "warning";
    case "error":
      return "error";
  }
}

const toneLook: Record<Tone, { box: string; icon: typeof InfoIcon; iconClass: string }> = {
  warning: {
    box: "border-amber-500/40 bg-amber-500/10 text-amber-950 dark:text-amber-100",
    icon: TriangleAlertIcon,
    iconClass: "text-amber-600 dark:text-amber-400",
  },
  info: { box: "border-primary/30 bg-primary/5", icon: InfoIcon, iconClass: "text-primary" },
  error: { box: "border-destructive/30 bg-destructive/5", icon: CircleAlertIcon, iconClass: "text-destructive" },
};

export function WebsiteStatusNotice({ status, message }: { status: WebsiteStatus; message: string }) {
  if (status === "live") return null;
  const look = toneLook[toneOf(status)];
  const Icon = look.icon;
  return (
    <div role="note" aria-label="Website status" className={cn("flex items-start gap-3 rounded-xl border p-4 text-sm", look.box)}>
      <Icon className={cn("mt-0.5 size-5 shrink-0", look.iconClass)} aria-hidden />
      <div className="grid gap-1">
        <p className="font-semibold">{WEBSITE_STATUS_LABELS[status]}</p>
        {message && <p>{message}</p>}
      </div>
    </div>
  );
}
