// The two questions before something goes: a contact, or a list (whose contacts move to General). Each runs its
// delete and tells the person how it went.
import type { Contact, ContactList } from "@contracts/contacts";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/components/ui/toast-store";
import { messageOf } from "@/lib/api";
import { useDeleteContact } from "../api/delete-contact";
import { useDeleteContactList } from "../api/delete-contact-list";

export function DeleteContactDialog({ contact, onClose }: { contact: Contact | null; onClose: () => void }) {
  const deleteContact = useDeleteContact();

  async function confirm() {
    if (!contact) return;
    try {
      await deleteContact.mutateAsync(contact.id);
      toast({ title: "Success", description: "Contact deleted successfully" });
      onClose();
    } catch {
      // The delete failure has fixed words, unlike save and update, which pass on the server's.
      toast({ title: "Error", description: "Failed to delete contact", variant: "destructive" });
    }
  }

  return (
    <ConfirmDialog
      open={contact !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete Contact"
      description={`Delete ${contact?.email ?? "this contact"} from your contacts?`}
      confirmLabel="Delete"
      pending={deleteContact.isPending}
      onConfirm={() => void confirm()}
    />
  );
}

type DeleteListDialogProps = { list: ContactList | undefined; open: boolean; onOpenChange: (open: boolean) => void };

export function DeleteListDialog({ list, open, onOpenChange }: DeleteListDialogProps) {
  const deleteList = useDeleteContactList();

  async function confirm() {
    if (!list) return;
    try {
      await deleteList.mutateAsync(list.id);
      toast({ title: "Success", description: "Contact list deleted successfully" });
      onOpenChange(false);
    } catch (error) {
      toast({
        title: "Error",
        description: `Failed to delete contact list: ${messageOf(error, error instanceof Error ? error.message : "")}`,
        variant: "destructive",
      });
    }
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete List"
      description={`Delete the list ${list?.name ?? ""}? Its contacts move to General.`}
      confirmLabel="Delete List"
      pending={deleteList.isPending}
      onConfirm={() => void confirm()}
    />
  );
}
