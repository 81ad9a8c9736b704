import { WifiOffIcon } from "lucide-react";
import type { ReactNode } from "react";
import type { ChannelState } from "@/lib/realtime";

/** Said while a live topic is down; the hook catches up by itself once it rejoins, and the notice goes. */
export function ConnectionNotice({ state, children }: { state: ChannelState | undefined; children: ReactNode }) {
  if (state !== "down") return null;
  return (
    <p role="status" className="flex items-center gap-2 rounded-lg border bg-muted/50 px-3 py-2 text-sm">
      <WifiOffIcon className="size-4 shrink-0" aria-hidden />
      {children}
    </p>
  );
}
