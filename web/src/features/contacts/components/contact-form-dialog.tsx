// The add and edit contact dialogs: email required and trimmed (read-only when editing), every other
// field trimmed and sent as null when empty, the domain derived by the server from the address, source manual.
import {
  type Contact,
  contactEmailSchema,
  contactFieldsSchema,
  type ContactList,
} from "@contracts/contacts";
import { useId } from "react";
import { z } from "zod";
import { TextareaField, TextField } from "@/components/ui/form";
import { FormDialog } from "@/components/ui/form-dialog";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/toast-store";
import { messageOf } from "@/lib/api";
import { cn } from "@/lib/cn";
import { savedContactMessage, useCreateContact } from "../api/create-contact";
import { useUpdateContact } from "../api/update-contact";
import { ListSelect } from "./list-select";

const listIdField = z.string().transform((value) => (value === "" ? null : Number(value)));

export const contactFormSchema = contactFieldsSchema.extend({ email: contactEmailSchema, listId: listIdField });
type ContactFormInput = z.input<typeof contactFormSchema>;

function defaultsFor(contact: Contact | null, listId: number | undefined): ContactFormInput {
  return {
    email: contact?.email ?? "",
    firstName: contact?.firstName ?? "",
    lastName: contact?.lastName ?? "",
    company: contact?.company ?? "",
    position: contact?.position ?? "",
    phone: contact?.phone ?? "",
    notes: contact?.notes ?? "",
    listId: String(contact?.listId ?? listId ?? ""),
  };
}

type ContactFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The contact to edit; null adds a new one. */
  contact: Contact | null;
  lists: ContactList[];
  /** The list a new contact goes to (the filtered list, else General). */
  defaultListId?: number;
};

export function ContactFormDialog({ open, onOpenChange, contact, lists, defaultListId }: ContactFormDialogProps) {
  const create = useCreateContact();
  const update = useUpdateContact();
  const editing = contact !== null;
  const listId = useId();

  async function submit(values: z.output<typeof contactFormSchema>) {
    const { email, ...fields } = values;
    try {
      if (contact) {
        await update.mutateAsync({ id: contact.id, ...fields, listId: fields.listId ?? undefined });
        toast({ title: "Success", description: "Contact updated successfully" });
      } else {
        const created = await create.mutateAsync({ email, ...fields, source: "manual" });
        toast({ title: "Success", description: savedContactMessage(created) });
      }
      onOpenChange(false);
    } catch (error) {
      toast({
        title: "Error",
        description: messageOf(error, editing ? "Failed to update contact" : "Failed to save contact"),
        variant: "destructive",
      });
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? "Edit Contact" : "Add Contact"}
      description={editing ? "Change this contact's details. The email address cannot be changed." : "Save a contact by hand."}
      schema={contactFormSchema}
      defaultValues={defaultsFor(contact, defaultListId)}
      onSubmit={submit}
      submitLabel={editing ? "Update Contact" : "Add Contact"}
      pendingLabel="Saving..."
      canSubmit={(form) => (form.watch("email") ?? "").trim() !== ""}
    >
      {(form) => {
        const { errors } = form.formState;
        return (
          <>
            <TextField
              label="Email"
              type="email"
              autoComplete="off"
              readOnly={editing}
              className={cn(editing && "[&_input]:bg-muted")}
              registration={form.register("email")}
              error={errors.email}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="First name" registration={form.register("firstName")} error={errors.firstName} />
              <TextField label="Last name" registration={form.register("lastName")} error={errors.lastName} />
              <TextField label="Company" registration={form.register("company")} error={errors.company} />
              <TextField label="Position" registration={form.register("position")} error={errors.position} />
              <TextField label="Phone" type="tel" registration={form.register("phone")} error={errors.phone} />
              <div className="grid gap-2">
                <Label htmlFor={listId}>List</Label>
                <ListSelect id={listId} lists={lists} {...form.register("listId")} />
              </div>
            </div>
            <TextareaField label="Notes" registration={form.register("notes")} error={errors.notes} />
          </>
        );
      }}
    </FormDialog>
  );
}
