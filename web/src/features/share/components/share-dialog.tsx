// The share dialog: six channels as links that open in a new tab, plus copying the link.
// SMS needs a phone's messaging app; elsewhere it says so instead of opening nothing.
import {
  AtSignIcon,
  BriefcaseBusinessIcon,
  CheckIcon,
  CopyIcon,
  type LucideIcon,
  MailIcon,
  MessageCircleIcon,
  SmartphoneIcon,
  UsersRoundIcon,
} from "lucide-react";
import type { ReactNode } from "react";
import { Button, buttonVariants } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast-store";
import { cn } from "@/lib/cn";
import { useCopy } from "@/lib/use-copy";
import { isMobileDevice } from "../is-mobile";
import { type LinkChannel, type ShareMessage, shareLinks } from "../share-links";

/** The link-copy confirmation goes back to "Copy" after this long. */
export const COPY_CONFIRMATION_MS = 2000;

const channels: { id: LinkChannel; label: string; icon: LucideIcon }[] = [
  { id: "email", label: "Email", icon: MailIcon },
  { id: "x", label: "X (Twitter)", icon: AtSignIcon },
  { id: "linkedin", label: "LinkedIn", icon: BriefcaseBusinessIcon },
  { id: "whatsapp", label: "WhatsApp", icon: MessageCircleIcon },
  { id: "facebook", label: "Facebook", icon: UsersRoundIcon },
  { id: "sms", label: "SMS", icon: SmartphoneIcon },
];

const channelClass = cn(buttonVariants({ variant: "outline" }), "h-auto flex-col gap-1.5 py-3 [&_svg]:size-5");

type ShareDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  message: ShareMessage;
};

export function ShareDialog({ open, onOpenChange, message }: ShareDialogProps) {
  const links = shareLinks(message);
  const mobile = isMobileDevice();

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Share This Tool</DialogTitle>
          <DialogDescription>Know someone who cleans mailing lists or hunts for leads? Send them MailScout.</DialogDescription>
        </DialogHeader>
        <ul className="grid grid-cols-3 gap-2" aria-label="Share on">
          {channels.map(({ id, label, icon: Icon }) => {
            const content: ReactNode = (
              <>
                <Icon aria-hidden />
                <span className="text-xs">{label}</span>
              </>
            );
            return (
              <li key={id} className="grid">
                {id === "sms" && !mobile ? (
                  <button
                    type="button"
                    className={channelClass}
                    onClick={() =>
                      toast({ title: "SMS sharing is only available on mobile devices. Try another sharing option." })
                    }
                  >
                    {content}
                  </button>
                ) : (
                  <a
                    href={links[id]}
                    // mailto: and sms: hand over to an app; a new tab would stay blank.
                    {...(id === "email" || id === "sms" ? {} : { target: "_blank", rel: "noopener noreferrer" })}
                    className={channelClass}
                  >
                    {content}
                  </a>
                )}
              </li>
            );
          })}
        </ul>
        <CopyLink url={message.url} />
      </DialogContent>
    </Dialog>
  );
}

function CopyLink({ url }: { url: string }) {
  const { copied, copy } = useCopy(COPY_CONFIRMATION_MS);

  async function copyLink() {
    if (!(await copy(url))) {
      toast({ title: "Failed to copy link", description: "Please try again.", variant: "destructive" });
      return;
    }
    toast({ title: "Link copied!" });
  }

  return (
    <div className="flex gap-2">
      <Input readOnly value={url} aria-label="Link to share" onFocus={(event) => event.currentTarget.select()} />
      <Button variant={copied ? "secondary" : "default"} onClick={() => void copyLink()} className="min-w-28">
        {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
        {copied ? "Copied!" : "Copy link"}
      </Button>
    </div>
  );
}
