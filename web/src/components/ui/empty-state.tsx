import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { IconBadge } from "./icon-badge";

type EmptyStateProps = {
  title: string;
  description?: ReactNode;
  icon?: LucideIcon;
  /** What the person can do about it, e.g. a button that adds the first item. */
  action?: ReactNode;
  className?: string;
};

/** What a list or screen shows when it has nothing to show: a sentence saying so, and what to do next. */
export function EmptyState({ title, description, icon, action, className }: EmptyStateProps) {
  return (
    <div className={cn("grid justify-items-center gap-2 rounded-xl border border-dashed p-10 text-center", className)}>
      {icon && <IconBadge icon={icon} />}
      <p className="font-medium">{title}</p>
      {description && <p className="text-sm text-muted-foreground">{description}</p>}
      {action}
    </div>
  );
}
