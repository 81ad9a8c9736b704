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
        // A file input's button sits centred in the field and looks like the app's buttons, not the browser's.
        "file:my-auto file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-muted file:px-3 file:py-1",
        "file:text-sm file:font-medium file:text-foreground",
        focusRing,
        className,
      )}
      {...props}
    />
  );
}
