import type { User } from "@contracts/auth";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { ChangeEmailForm } from "@/features/auth";
import { AccountDetails } from "./account-details";

type AccountDialogProps = {
  user: User;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** "My Account" from the account menu: the signed-in account at a glance, and where its email is changed. */
export function AccountDialog({ user, open, onOpenChange }: AccountDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>My Account</DialogTitle>
          <DialogDescription>The account you are signed in with.</DialogDescription>
        </DialogHeader>
        <AccountDetails user={user} />
        <ChangeEmailForm currentEmail={user.email} />
      </DialogContent>
    </Dialog>
  );
}
