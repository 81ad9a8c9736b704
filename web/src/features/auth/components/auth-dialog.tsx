import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { type AuthTab, AuthTabs } from "./auth-tabs";

type AuthDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaultTab: AuthTab;
};

/** The sign-in/sign-up modal: signs in where the person already is, then gets out of the way. */
export function AuthDialog({ open, onOpenChange, defaultTab }: AuthDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Welcome to MailScout</DialogTitle>
          <DialogDescription>Sign in, or create a free account in a few seconds.</DialogDescription>
        </DialogHeader>
        <AuthTabs variant="dialog" defaultTab={defaultTab} onSignedIn={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
