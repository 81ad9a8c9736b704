// The welcome popup: shown by the app shell once, right after a registration (welcome-due.ts), in the words an admin
// gave the welcome popup. Switched off by an admin, it is not shown at all; its button follows the popup's link.
import { useNavigate } from "@tanstack/react-router";
import { PartyPopperIcon } from "lucide-react";
import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { ApiError } from "@/lib/api";
import { classifyLinkTarget } from "@/lib/navigation";
import { useSystemPopup } from "../api/get-system-popup";
import { clearWelcomeDue, useWelcomeDue } from "../welcome-due";
import { PopupTexts } from "./popup-texts";

/** `userId`: who is signed in (undefined while that is being found out). */
export function WelcomeDialog({ userId }: { userId: string | null | undefined }) {
  const dueFor = useWelcomeDue();
  const due = userId !== undefined && userId !== null && dueFor === userId;
  const popup = useSystemPopup("welcome", { enabled: due });
  const switchedOff = popup.error instanceof ApiError && popup.error.status === 404;

  useEffect(() => {
    if (due && switchedOff) clearWelcomeDue();
  }, [due, switchedOff]);

  const navigate = useNavigate();
  const welcome = popup.data;
  if (!due || !welcome) return null;

  function follow(url: string) {
    clearWelcomeDue();
    const target = classifyLinkTarget(url);
    if (target?.kind === "external") window.location.assign(target.href);
    else if (target) void navigate({ href: target.href });
  }

  return (
    <Dialog open onOpenChange={(open) => !open && clearWelcomeDue()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <span className="mb-1 grid size-11 place-items-center rounded-xl bg-primary/10 text-primary">
            <PartyPopperIcon className="size-5" aria-hidden />
          </span>
          <DialogTitle>{welcome.title}</DialogTitle>
          <DialogDescription className="sr-only">Welcome to your new account</DialogDescription>
        </DialogHeader>
        <PopupTexts popup={welcome} />
        <Button onClick={() => follow(welcome.buttonUrl)}>{welcome.buttonText}</Button>
      </DialogContent>
    </Dialog>
  );
}
