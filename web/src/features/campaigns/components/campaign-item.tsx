// One delivered item as a visitor sees it (a banner strip, an in-app message or the affiliate ad as a card): its
// title, text and image, its link through the click redirect, and Dismiss. Showing it reports the impression.
import type { DeliveredItem } from "@contracts/marketing";
import { XIcon } from "lucide-react";
import { useEffect } from "react";
import { Badge } from "@/components/ui/badge";
import { Button, buttonVariants } from "@/components/ui/button";
import { linkHref } from "@/lib/api";
import { cn } from "@/lib/cn";
import { useCampaignSlots } from "../campaign-slots";

/** Reports the item's impression once per page view, when it is on screen. */
export function useShown(item: DeliveredItem | null, when = true): void {
  const { shown } = useCampaignSlots();
  useEffect(() => {
    if (item && when) shown(item);
  }, [item, when, shown]);
}

export function PreviewBadge() {
  const { preview } = useCampaignSlots();
  return preview ? <Badge variant="outline">Preview</Badge> : null;
}

export function DismissButton({ item, className }: { item: DeliveredItem; className?: string }) {
  const { dismiss } = useCampaignSlots();
  return (
    // Named with what it dismisses: a page may show several items, each with its Dismiss.
    <Button
      variant="ghost"
      size="sm"
      aria-label={`Dismiss ${item.title}`}
      className={cn("shrink-0", className)}
      onClick={() => dismiss(item)}
    >
      <XIcon aria-hidden className="size-4" />
      Dismiss
    </Button>
  );
}

type CampaignItemProps = { item: DeliveredItem; layout: "strip" | "card"; label: string };

export function CampaignItem({ item, layout, label }: CampaignItemProps) {
  useShown(item);
  const href = linkHref(item.clickUrl);
  const strip = layout === "strip";
  return (
    <section
      aria-label={label}
      className={cn(
        "flex gap-3 rounded-xl border bg-card text-card-foreground",
        strip ? "h-full items-center px-3 py-2" : "flex-col p-4 sm:flex-row sm:items-start",
      )}
    >
      {item.imageUrl && (
        <img
          src={item.imageUrl}
          alt=""
          width={strip ? 40 : 96}
          height={strip ? 40 : 96}
          className={cn("shrink-0 rounded-md object-cover", strip ? "size-10" : "size-24")}
        />
      )}
      <div className="min-w-0 flex-1">
        <p className={cn("flex items-center gap-2 font-semibold", strip && "truncate text-sm")}>
          {item.title}
          <PreviewBadge />
        </p>
        <p className={cn("text-sm text-muted-foreground", strip ? "truncate" : "mt-1")}>{item.content}</p>
      </div>
      <div className="flex shrink-0 items-center gap-1">
        {href && (
          <a href={href} className={buttonVariants({ size: "sm" })}>
            {item.actionText || "Learn more"}
          </a>
        )}
        <DismissButton item={item} />
      </div>
    </section>
  );
}
