import * as DialogPrimitive from "@radix-ui/react-dialog";
import { XIcon } from "lucide-react";
import { type ComponentProps, useEffect, useState } from "react";
import { cn } from "@/lib/cn";
import { focusRing } from "./focus";
import { hideOutside } from "./hide-outside";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;

const EDITABLE_FIELD =
  "input:not([readonly]):not([disabled]):not([type=hidden]), textarea:not([readonly]):not([disabled]), select:not([disabled])";

export function DialogContent({
  className,
  children,
  onOpenAutoFocus,
  ...props
}: Omit<ComponentProps<typeof DialogPrimitive.Content>, "ref">) {
  // The content mounts a render after the dialog opens (Radix portals in an effect), hence state, not a ref.
  const [content, setContent] = useState<HTMLDivElement | null>(null);
  useEffect(() => (content ? hideOutside(content) : undefined), [content]);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
      <DialogPrimitive.Content
        className={cn(
          "fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2",
          "gap-4 overflow-y-auto rounded-2xl border bg-card p-6 text-card-foreground shadow-xl data-[state=open]:animate-pop-in",
          focusRing,
          className,
        )}
        onOpenAutoFocus={(event) => {
          onOpenAutoFocus?.(event);
          if (event.defaultPrevented) return;
          // Radix focuses the first focusable element, in an edit form a read-only address: start where typing goes.
          const field = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>(EDITABLE_FIELD);
          if (field) {
            event.preventDefault();
            field.focus();
          }
        }}
        {...props}
        ref={setContent}
      >
        {children}
        <DialogPrimitive.Close
          aria-label="Close"
          className={cn(
            "absolute top-4 right-4 rounded-md p-1 text-muted-foreground transition-colors hover:bg-accent hover:text-foreground",
            focusRing,
          )}
        >
          <XIcon className="size-4" aria-hidden />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("grid gap-1.5 pr-8", className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn("text-lg font-semibold tracking-tight", className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn("text-sm text-muted-foreground", className)} {...props} />;
}
