// A native select of the user's contact lists: keyboard and screen readers get the platform's own control.
import type { ContactList } from "@contracts/contacts";
import type { ComponentProps } from "react";
import { focusRing } from "@/components/ui/focus";
import { cn } from "@/lib/cn";

type ListSelectProps = ComponentProps<"select"> & { lists: ContactList[]; allOption?: string };

export function ListSelect({ lists, allOption, className, ...props }: ListSelectProps) {
  return (
    <select
      className={cn(
        "flex h-10 w-full rounded-lg border border-input bg-card px-3 text-sm shadow-xs disabled:opacity-60",
        focusRing,
        className,
      )}
      {...props}
    >
      {allOption !== undefined && <option value="">{allOption}</option>}
      {lists.map((list) => (
        <option key={list.id} value={String(list.id)}>
          {list.name}
        </option>
      ))}
    </select>
  );
}
