import { SearchIcon } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { Input } from "./input";

/** A search field with a leading search icon; its label stays with the caller. */
export function SearchInput({ className, ...props }: Omit<ComponentProps<typeof Input>, "type">) {
  return (
    <div className="relative">
      <SearchIcon
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input type="search" autoComplete="off" className={cn("pl-9", className)} {...props} />
    </div>
  );
}
