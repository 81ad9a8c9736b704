// A part of an admin screen: its heading (which names the section for screen readers), a line about what it holds, the
// actions that belong to all of it on the right, and its content.
import { type ReactNode, useId } from "react";
import { cn } from "@/lib/cn";

type AdminSectionProps = {
  title: string;
  /** A page's own heading, or (by default) a section's. */
  level?: 1 | 2;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
};

export function AdminSection({ title, level = 2, description, actions, children }: AdminSectionProps) {
  const titleId = useId();
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <section aria-labelledby={titleId} className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <Heading id={titleId} className={cn("tracking-tight", level === 1 ? "text-3xl font-bold" : "text-xl font-semibold")}>
            {title}
          </Heading>
          {description && <p className="text-sm text-muted-foreground">{description}</p>}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}
