import * as ToastPrimitive from "@radix-ui/react-toast";
import { XIcon } from "lucide-react";
import { cn } from "@/lib/cn";
import { Button } from "./button";
import { focusRing } from "./focus";
import { dismissToast, useCurrentToast } from "./toast-store";

/** The toast viewport's duration, as the spec sets it. */
export const TOAST_DURATION_MS = 5000;

export function Toaster() {
  const current = useCurrentToast();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS}>
      {current && (
        <ToastPrimitive.Root
          // A new toast is a new element, so its timer starts afresh instead of inheriting the old one's.
          key={current.id}
          open
          duration={current.durationMs}
          onOpenChange={(open) => {
            if (!open) dismissToast();
          }}
          className={cn(
            "relative grid gap-1 rounded-xl border p-4 pr-10 shadow-lg data-[state=open]:animate-slide-in",
            "data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:hidden",
            current.variant === "destructive"
              ? "border-destructive bg-destructive text-destructive-foreground"
              : "bg-card text-card-foreground",
          )}
        >
          <ToastPrimitive.Title className="text-sm font-semibold">{current.title}</ToastPrimitive.Title>
          {current.description && (
            <ToastPrimitive.Description className="text-sm opacity-90">{current.description}</ToastPrimitive.Description>
          )}
          {current.action && (
            <ToastPrimitive.Action altText={current.action.altText} asChild>
              <Button variant="outline" size="sm" className="mt-1 justify-self-start text-foreground" onClick={current.action.onClick}>
                {current.action.label}
              </Button>
            </ToastPrimitive.Action>
          )}
          <ToastPrimitive.Close
            aria-label="Dismiss notification"
            className={cn("absolute top-3 right-3 rounded-md p-1 opacity-70 hover:opacity-100", focusRing)}
          >
            <XIcon className="size-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      <ToastPrimitive.Viewport className="fixed right-0 bottom-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none" />
    </ToastPrimitive.Provider>
  );
}
