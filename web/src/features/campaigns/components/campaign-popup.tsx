// The page view's popup, a dialog once its trigger fires: titled with its title, in its colours, focus kept inside
// and given back where it was. Escape, Close or the overlay dismiss it for good; its button follows its link.
import type { DeliveredPopup } from "@contracts/marketing";
import { useRef, useState } from "react";
import { buttonVariants } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { linkHref } from "@/lib/api";
import { useCampaignSlots } from "../campaign-slots";
import { usePopupTrigger } from "../live/use-popup-trigger";
import { PreviewBadge, useShown } from "./campaign-item";

export function CampaignPopup() {
  const { answer, view } = useCampaignSlots();
  if (!answer.popup) return null;
  // A new page view starts its trigger again.
  return <PopupDialog key={`${view}:${answer.popup.campaignId}`} popup={answer.popup} />;
}

function PopupDialog({ popup }: { popup: DeliveredPopup }) {
  const { dismiss } = useCampaignSlots();
  const triggered = usePopupTrigger(popup.trigger);
  const [closed, setClosed] = useState(false);
  const open = triggered && !closed;
  // No trigger button opened it, so Radix has nowhere to return focus: back to where the visitor was.
  const returnFocusTo = useRef<HTMLElement | null>(null);
  useShown(popup, open);
  const href = linkHref(popup.clickUrl);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) return;
        setClosed(true);
        dismiss(popup);
      }}
    >
      <DialogContent
        style={{ backgroundColor: popup.backgroundColor, color: popup.textColor }}
        onOpenAutoFocus={() => {
          returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            {popup.title}
            <PreviewBadge />
          </DialogTitle>
          <DialogDescription style={{ color: popup.textColor }} className="opacity-85">
            {popup.content}
          </DialogDescription>
        </DialogHeader>
        {popup.imageUrl && <img src={popup.imageUrl} alt="" className="max-h-60 w-full rounded-lg object-cover" />}
        {href && (
          <a href={href} className={buttonVariants({ className: "justify-self-start" })}>
            {popup.actionText || "Learn more"}
          </a>
        )}
      </DialogContent>
    </Dialog>
  );
}
