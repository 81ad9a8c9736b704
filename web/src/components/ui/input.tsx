import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { focusRing } from "./focus";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return (
    <input
      className={cn(
        "flex h-10 w-full rounded-lg border border-input bg-card px-3 text-sm shadow-xs transition-colors",
        "placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-60",
        "aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive",
        focusRing,
        className,
      )}
      {...props}
    />
  );
}
