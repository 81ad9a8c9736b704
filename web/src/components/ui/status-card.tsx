// A result card of the home page (Validation Result, Domain Exploration): a titled section whose status badge is
// a live status region and spins while work is under way.
import { LoaderCircleIcon } from "lucide-react";
import type { ReactNode, Ref } from "react";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/cn";

export type StatusBadge = { label: string; className: string };

type StatusCardProps = {
  /** Id of the title, which labels the section. */
  titleId: string;
  title: string;
  badge: StatusBadge;
  busy: boolean;
  ref?: Ref<HTMLElement>;
  children: ReactNode;
};

export function StatusCard({ titleId, title, badge, busy, ref, children }: StatusCardProps) {
  return (
    // scroll-mt keeps the card's top clear of the sticky header (two rows on phones) when the page scrolls to it.
    <section ref={ref} aria-labelledby={titleId} className="scroll-mt-28 md:scroll-mt-20">
      <Card>
        <CardHeader className="grid-cols-[1fr_auto] items-center">
          <CardTitle id={titleId}>{title}</CardTitle>
          <span
            role="status"
            className={cn("inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold", badge.className)}
          >
            {busy && <LoaderCircleIcon className="size-3.5 animate-spin" aria-hidden />}
            {badge.label}
          </span>
        </CardHeader>
        {children}
      </Card>
    </section>
  );
}
