// A banner placement. A header or footer strip has a fixed height, so a banner arriving or leaving moves only itself,
// and its image has its size before it loads.
import type { DeliveredBanner } from "@contracts/marketing";
import { cn } from "@/lib/cn";
import { useCampaignSlots } from "../campaign-slots";
import { CampaignItem } from "./campaign-item";

export function BannerSlot({ placement, className }: { placement: DeliveredBanner["placement"]; className?: string }) {
  const { answer } = useCampaignSlots();
  const banner = answer.banners.find((item) => item.placement === placement);
  if (!banner) return null;
  return (
    <div className={cn("mx-auto w-full max-w-6xl px-4", placement === "header" || placement === "footer" ? "h-16 py-2" : "", className)}>
      <CampaignItem item={banner} layout="strip" label="Announcement" />
    </div>
  );
}
