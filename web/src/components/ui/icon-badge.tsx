import type { LucideIcon } from "lucide-react";

/** A round, muted badge holding one decorative icon, as the empty and signed-out states show. */
export function IconBadge({ icon: Icon }: { icon: LucideIcon }) {
  return (
    <span className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">
      <Icon className="size-6" aria-hidden />
    </span>
  );
}
