// Deleting the account: the person types their username to confirm, the account goes, and they are sent home and
// signed out. What is kept (payment records, which the law requires) is said before, not after.
import type { User } from "@contracts/auth";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorNotice } from "@/components/ui/error-notice";
import { useDeleteAccount } from "@/features/auth";
import { messageOf } from "@/lib/api";

export const WHAT_DELETION_KEEPS =
  "Your profile, contacts and lists, validation history, bulk validations, support tickets and usage are deleted, and " +
  "you are signed out everywhere. Records of your payments are kept, as tax and accounting law requires, but no " +
  "longer linked to you.";

export function DeleteAccount({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const deleteAccount = useDeleteAccount();

  return (
    <>
      <div>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          Delete account
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) deleteAccount.reset();
        }}
        title="Delete your account?"
        description={`${WHAT_DELETION_KEEPS} This cannot be undone.`}
        confirmLabel="Delete my account"
        pendingLabel="Deleting account..."
        pending={deleteAccount.isPending}
        typeToConfirm={{ label: `Type your username, ${user.username}, to confirm`, expected: user.username }}
        onConfirm={() =>
          deleteAccount.mutate(user.username)
        }
      >
        {deleteAccount.isError && (
          <ErrorNotice>{messageOf(deleteAccount.error, "Your account could not be deleted. Please try again.")}</ErrorNotice>
        )}
      </ConfirmDialog>
    </>
  );
}
