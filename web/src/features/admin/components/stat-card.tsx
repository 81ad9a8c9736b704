// A card holding one figure, named by its label so a screen reader can find it ("Total users").
import { type ReactNode, useId } from "react";
import { cn } from "@/lib/cn";

export function StatCard({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  const labelId = useId();
  return (
    <article
      aria-labelledby={labelId}
      className={cn("grid content-start gap-1 rounded-2xl border bg-card p-4 shadow-sm sm:p-5", className)}
    >
      <h3 id={labelId} className="text-sm font-medium text-muted-foreground">
        {label}
      </h3>
      {children}
    </article>
  );
}
