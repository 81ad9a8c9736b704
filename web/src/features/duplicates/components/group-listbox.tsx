// The duplicate groups as a listbox: one tab stop, the arrow keys (and Home, End) move the active option, Enter or
// Space selects it, a click selects at once. Focus stays on the list and aria-activedescendant names the active option,
// so a screen reader reads each option as the keys pass it.
import type { DuplicateGroup } from "@contracts/duplicates";
import { type KeyboardEvent, useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { focusRing } from "@/components/ui/focus";
import { cn } from "@/lib/cn";
import { FIELD_LABELS, plural } from "../lib/labels";

type GroupListboxProps = {
  groups: DuplicateGroup[];
  selectedEmail: string | null;
  onSelect: (email: string) => void;
};

const MOVES: Partial<Record<string, (index: number, last: number) => number>> = {
  ArrowDown: (index, last) => Math.min(index + 1, last),
  ArrowUp: (index) => Math.max(index - 1, 0),
  Home: () => 0,
  End: (_index, last) => last,
};

export function GroupListbox({ groups, selectedEmail, onSelect }: GroupListboxProps) {
  const listId = useId();
  const [active, setActive] = useState<number | null>(null);
  const selectedIndex = groups.findIndex((group) => group.email === selectedEmail);
  // A page load or a new search can leave the active option past the end; the list starts again from the selection.
  const activeIndex = active !== null && active < groups.length ? active : null;
  const optionId = (index: number) => `${listId}-option-${index}`;

  function moveTo(index: number) {
    setActive(index);
    document.getElementById(optionId(index))?.scrollIntoView?.({ block: "nearest" });
  }

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const current = activeIndex ?? Math.max(selectedIndex, 0);
    const move = MOVES[event.key];
    if (move) {
      event.preventDefault();
      moveTo(move(current, groups.length - 1));
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      const group = groups[current];
      if (group) onSelect(group.email);
    }
  }

  return (
    <ul
      role="listbox"
      aria-label="Duplicate emails"
      tabIndex={0}
      aria-activedescendant={activeIndex === null ? undefined : optionId(activeIndex)}
      onKeyDown={onKeyDown}
      onFocus={() => activeIndex === null && setActive(Math.max(selectedIndex, 0))}
      onBlur={() => setActive(null)}
      className={cn("grid max-h-[32rem] gap-1 overflow-y-auto rounded-xl border bg-card p-1", focusRing)}
    >
      {groups.map((group, index) => {
        const selected = group.email === selectedEmail;
        return (
          // The list owns the keys; an option only takes the pointer's click.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={group.email}
            id={optionId(index)}
            role="option"
            aria-selected={selected}
            onClick={() => {
              setActive(index);
              onSelect(group.email);
            }}
            className={cn(
              "grid cursor-pointer gap-1 rounded-lg px-3 py-2 text-sm hover:bg-accent",
              selected && "bg-accent text-accent-foreground",
              index === activeIndex && "ring-2 ring-ring",
            )}
          >
            <span className="flex items-center justify-between gap-2">
              <span className="font-medium break-all">{group.email}</span>
              <Badge variant="secondary">{plural(group.count, "record")}</Badge>
            </span>
            {group.owners.length > 1 && <span className="text-xs text-muted-foreground">{plural(group.owners.length, "user")}</span>}
            {selected && (
              <span className="text-xs text-muted-foreground">
                {group.conflictingFields.length
                  ? `Conflicting: ${group.conflictingFields.map((field) => FIELD_LABELS[field]).join(", ")}`
                  : "No conflicting fields"}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
