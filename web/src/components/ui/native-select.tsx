import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { focusRing } from "./focus";

/**
 * The browser's own select, styled like the kit's fields. Where a short list of options needs no search or rich
 * items, keyboard and screen-reader users get the platform's control (and form libraries a plain input to register).
 */
export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return (
    <select
      className={cn(
        "flex h-10 w-full rounded-lg border border-input bg-card px-3 text-sm shadow-xs disabled:opacity-60",
        "aria-invalid:border-destructive",
        focusRing,
        className,
      )}
      {...props}
    />
  );
}
